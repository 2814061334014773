import t from 'tap';
import { definition } from '../../../providers/giteeai/index.js';
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

const giteeai = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'giteeai' }),
  );

t.test('a chat goes to /v1/chat/completions with the model id, streamed', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(giteeai(fake), chatRequest({ model: 'Qwen3-235B-A22B', temperature: 0.7 }));

  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.match(lastBody(fake), { model: 'Qwen3-235B-A22B', stream: true, temperature: 0.7 });
});

t.test('the remote model list is read from /v1/models, built-in cards enrich it', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: modelList(['Qwen3-235B-A22B', 'Qwen2.5-72B-Instruct']) });

  const cards = await giteeai(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(cards.map((card) => card.id).sort(), ['Qwen3-235B-A22B', 'Qwen2.5-72B-Instruct'].sort());
  const builtin = definition.manifest.models.find((card) => card.id === 'Qwen3-235B-A22B');
  t.same(cards.find((card) => card.id === 'Qwen3-235B-A22B')?.abilities, builtin?.abilities);
});

t.test('the default base URL is https://ai.gitee.com/v1', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://ai.gitee.com/v1');
});

void t.test('the conformance kit', conformance);
