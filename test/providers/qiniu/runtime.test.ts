import t from 'tap';
import { definition } from '../../../providers/qiniu/index.js';
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

const qiniu = (fake: FakeOpenAI) =>
  definition.createRuntime(runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'qiniu' }));

t.test('a chat goes to /v1/chat/completions with the model id, streamed', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(qiniu(fake), chatRequest({ model: 'deepseek-v3', temperature: 0.7 }));

  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.match(lastBody(fake), { model: 'deepseek-v3', stream: true, temperature: 0.7 });
});

t.test('the remote model list is read from /v1/models, built-in cards enrich it', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: modelList(['deepseek-v3', 'deepseek-v3-0324']) });

  const cards = await qiniu(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(cards.map((card) => card.id).sort(), ['deepseek-v3', 'deepseek-v3-0324'].sort());
  const builtin = definition.manifest.models.find((card) => card.id === 'deepseek-v3');
  t.same(cards.find((card) => card.id === 'deepseek-v3')?.abilities, builtin?.abilities);
});

t.test('the default base URL is https://api.qnaigc.com/v1', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.qnaigc.com/v1');
});

void t.test('the conformance kit', conformance);
