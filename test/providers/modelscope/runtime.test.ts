import t from 'tap';
import { definition } from '../../../providers/modelscope/index.js';
import { modelList } from '@manifold/provider-kit/fakes/openai-builders';
import { openaiError } from '@manifold/provider-kit/fakes/openai-errors';
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

const modelscope = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'modelscope' }),
  );

t.test('a chat goes to /v1/chat/completions with the repository id', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(modelscope(fake), chatRequest({ model: 'Qwen/Qwen3-235B-A22B' }));

  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.equal(lastBody(fake).model, 'Qwen/Qwen3-235B-A22B');
});

t.test('a failing model list answers an empty list', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply(openaiError(500, null, 'internal error'));

  const cards = await modelscope(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(cards, []);
});

t.test('a working model list is read', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: modelList(['Qwen/Qwen3-32B', 'deepseek-ai/DeepSeek-V3.1']) });

  const cards = await modelscope(fake).models!(callContext());

  t.same(cards.map((card) => card.id).sort(), ['Qwen/Qwen3-32B', 'deepseek-ai/DeepSeek-V3.1']);
});

void t.test('the conformance kit', conformance);
