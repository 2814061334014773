import t from 'tap';
import { definition } from '../../../providers/novita/index.js';
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

/** Novita's base path is /v3/openai; the fake routes by suffix. */
const novita = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v3/openai` }, { providerId: 'novita' }),
  );

t.test('a chat goes to /v3/openai/chat/completions with X-Novita-Source', async (t) => {
  const fake = await fakeUpstream(t);
  await chatEvents(novita(fake), chatRequest({ model: 'deepseek/deepseek-v3.1' }));
  const request = fake.lastRequest();
  t.equal(request?.path, '/v3/openai/chat/completions');
  t.equal(request?.headers['x-novita-source'], 'manifold');
  t.equal(lastBody(fake).model, 'deepseek/deepseek-v3.1');
});

t.test('the model list divides prices by 10,000 and reads title and context size', async (t) => {
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
          input_token_price_per_m: 6_000,
          output_token_price_per_m: 22_000,
        },
        {
          id: 'deepseek/deepseek-v3.1',
          title: 'DeepSeek V3.1 (listed)',
          context_size: 163_840,
          input_token_price_per_m: 5_500,
          output_token_price_per_m: 16_600,
        },
        { id: 'baai/bge-m3-embedding', title: 'BGE M3', context_size: 8_192 },
      ],
    },
  });
  const cards = await novita(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v3/openai/models');
  t.equal(fake.lastRequest()?.headers['x-novita-source'], 'manifold');
  t.same(
    cards.map((card) => card.id),
    ['zai-org/glm-4.5', 'deepseek/deepseek-v3.1'],
  );
  t.match(cards[0], {
    displayName: 'GLM-4.5',
    description: 'Zhipu GLM-4.5 agentic MoE model.',
    contextWindowTokens: 131_072,
    pricing: { input: 0.6, output: 2.2 },
    abilities: { functionCall: true, reasoning: true },
  });
  t.match(cards[1], { displayName: 'DeepSeek V3.1', pricing: { input: 0.55, output: 1.66 } });
});

t.test('the provider is server-only (disableBrowserRequest)', async (t) => {
  t.equal(definition.manifest.settings.disableBrowserRequest, true);
});

void t.test('the conformance kit', conformance);
