import t from 'tap';
import { definition } from '../../../providers/togetherai/index.js';
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

const together = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'togetherai' }),
  );

t.test('a chat goes to /v1/chat/completions with the attribution headers', async (t) => {
  const fake = await fakeUpstream(t);
  const model = 'meta-llama/Llama-3.3-70B-Instruct-Turbo';
  await chatEvents(together(fake), chatRequest({ model }));
  const request = fake.lastRequest();
  t.equal(request?.path, '/v1/chat/completions');
  t.equal(request?.headers['http-referer'], 'https://github.com/manifold');
  t.equal(request?.headers['x-title'], 'Manifold');
  t.equal(lastBody(fake).model, model);
});

t.test('the model list is <origin>/api/models: chat entries only, with their data', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: [
      {
        id: 'Qwen/Qwen3-32B',
        display_name: 'Qwen3 32B',
        type: 'chat',
        context_length: 40_960,
        pricing: { input: 0.3, output: 0.9 },
      },
      {
        id: 'meta-llama/Llama-3.3-70B-Instruct-Turbo',
        display_name: 'Meta Llama 3.3 70B',
        type: 'chat',
        context_length: 131_072,
        pricing: { input: 0.88, output: 0.88 },
      },
      {
        id: 'black-forest-labs/FLUX.1-schnell',
        display_name: 'FLUX.1 Schnell',
        type: 'image',
        pricing: { input: 0, output: 0 },
      },
      {
        id: 'BAAI/bge-large-en-v1.5',
        type: 'embedding',
        context_length: 512,
        pricing: { input: 0.02, output: 0 },
      },
    ],
  });
  const cards = await together(fake).models!(callContext());

  const request = fake.lastRequest();
  t.equal(request?.path, '/api/models');
  t.match(request?.headers.authorization, /^Bearer sk-test/);
  t.same(
    cards.map((card) => card.id),
    ['Qwen/Qwen3-32B', 'meta-llama/Llama-3.3-70B-Instruct-Turbo'],
  );
  t.match(cards[0], {
    displayName: 'Qwen3 32B',
    contextWindowTokens: 40_960,
    pricing: { input: 0.3, output: 0.9 },
    abilities: { functionCall: true, reasoning: true },
    source: 'remote',
  });
  t.match(cards[1], { displayName: 'Llama 3.3 70B Instruct Turbo', enabled: true });
});

void t.test('the conformance kit', conformance);
