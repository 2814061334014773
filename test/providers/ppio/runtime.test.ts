import t from 'tap';
import { definition } from '../../../providers/ppio/index.js';
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

/** PPIO's base path is /v3/openai; the fake routes by suffix. */
const ppio = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v3/openai` }, { providerId: 'ppio' }),
  );

t.test('a chat goes to /v3/openai/chat/completions with X-API-Source', async (t) => {
  const fake = await fakeUpstream(t);
  await chatEvents(ppio(fake), chatRequest({ model: 'deepseek/deepseek-v3.1' }));
  const request = fake.lastRequest();
  t.equal(request?.path, '/v3/openai/chat/completions');
  t.equal(request?.headers['x-api-source'], 'manifold');
  t.equal(lastBody(fake).model, 'deepseek/deepseek-v3.1');
});

t.test(
  'the model list divides prices by 10,000 into yuan and reads title and context size',
  async (t) => {
    const fake = await fakeUpstream(t);
    fake.reply({
      kind: 'json',
      body: {
        data: [
          {
            id: 'zai-org/glm-4.5',
            object: 'model',
            created: 1_753_920_000,
            title: 'GLM-4.5',
            description: 'Zhipu GLM-4.5 agentic MoE model.',
            context_size: 131_072,
            input_token_price_per_m: 40_000,
            output_token_price_per_m: 160_000,
          },
          {
            id: 'deepseek/deepseek-v3.1',
            title: 'DeepSeek V3.1 (listed)',
            context_size: 163_840,
            input_token_price_per_m: 40_000,
            output_token_price_per_m: 120_000,
          },
          { id: 'baai/bge-m3-embedding', title: 'BGE M3', context_size: 8_192 },
        ],
      },
    });
    const cards = await ppio(fake).models!(callContext());

    t.equal(fake.lastRequest()?.path, '/v3/openai/models');
    t.equal(fake.lastRequest()?.headers['x-api-source'], 'manifold');
    t.same(
      cards.map((card) => card.id),
      ['zai-org/glm-4.5', 'deepseek/deepseek-v3.1'],
    );
    t.match(cards[0], {
      displayName: 'GLM-4.5',
      description: 'Zhipu GLM-4.5 agentic MoE model.',
      contextWindowTokens: 131_072,
      pricing: { currency: 'CNY', input: 4, output: 16 },
      abilities: { functionCall: true, reasoning: true },
    });
    t.same(cards[1]?.pricing, { currency: 'CNY', input: 4, output: 12 }, 'list prices in yuan');
    t.equal(cards[1]?.displayName, 'DeepSeek V3.1', 'built-in card data');
  },
);

t.test('the provider is server-only (disableBrowserRequest)', async (t) => {
  t.equal(definition.manifest.settings.disableBrowserRequest, true);
});

void t.test('the conformance kit', conformance);
