import t from 'tap';
import { definition } from '../../../providers/nebius/index.js';
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

const nebius = (fake: FakeOpenAI) =>
  definition.createRuntime(runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'nebius' }));

t.test('a chat goes to /v1/chat/completions', async (t) => {
  const fake = await fakeUpstream(t);
  await chatEvents(nebius(fake), chatRequest({ model: 'Qwen/Qwen3-235B-A22B' }));
  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.equal(lastBody(fake).model, 'Qwen/Qwen3-235B-A22B');
});

t.test('the model list is /models?verbose=true, filtered and enriched', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: modelList([
      'meta-llama/Llama-3.3-70B-Instruct',
      'google/gemma-3-27b-it',
      'BAAI/bge-multilingual-gemma2-embedding',
    ]),
  });
  const cards = await nebius(fake).models!(callContext());

  const request = fake.lastRequest();
  t.equal(request?.path, '/v1/models');
  t.equal(request?.query.get('verbose'), 'true');
  t.same(
    cards.map((card) => card.id),
    ['meta-llama/Llama-3.3-70B-Instruct', 'google/gemma-3-27b-it'],
  );
  t.match(cards[0], { displayName: 'Llama 3.3 70B Instruct', pricing: { input: 0.13 } });
  t.same(cards[1]?.abilities, { vision: true });
});

void t.test('the conformance kit', conformance);
