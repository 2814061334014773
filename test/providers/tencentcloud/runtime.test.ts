import t from 'tap';
import { definition } from '../../../providers/tencentcloud/index.js';
import { modelList } from '@manifold/provider-kit/fakes/openai-builders';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

const tencentcloud = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'tencentcloud' }),
  );

t.test('a chat goes to /v1/chat/completions with the model id, streamed', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(tencentcloud(fake), chatRequest({ model: 'deepseek-r1', temperature: 0.7 }));

  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.match(lastBody(fake), { model: 'deepseek-r1', stream: true, temperature: 0.7 });
});

t.test('the remote model list is read from /v1/models, built-in cards enrich it', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: modelList(['deepseek-r1', 'deepseek-prover-v2']) });

  const cards = await tencentcloud(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(cards.map((card) => card.id).sort(), ['deepseek-r1', 'deepseek-prover-v2'].sort());
  const builtin = definition.manifest.models.find((card) => card.id === 'deepseek-r1');
  t.same(cards.find((card) => card.id === 'deepseek-r1')?.abilities, builtin?.abilities);
});

t.test('the default base URL is https://api.lkeap.cloud.tencent.com/v1', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.lkeap.cloud.tencent.com/v1');
});

void t.test('the conformance kit', conformance);
