import t from 'tap';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { googleModelCard, googleModelCards } from '@manifold/wire-google/models';
import { defaultModels, modelEntry } from '@manifold/provider-kit/fakes/google-builders';

t.test('a model entry becomes a card without the models/ prefix', async (t) => {
  t.same(
    googleModelCard(
      modelEntry('gemini-2.5-flash', { displayName: 'Gemini 2.5 Flash', thinking: true }),
    ),
    {
      id: 'gemini-2.5-flash',
      displayName: 'Gemini 2.5 Flash',
      description: 'The gemini-2.5-flash model',
      type: 'chat',
      enabled: false,
      abilities: { reasoning: true, vision: true, functionCall: true },
      source: 'remote',
      contextWindowTokens: 1_048_576,
      maxOutput: 65_536,
    },
  );
  t.same(
    googleModelCard({
      name: 'models/gemini-2.5-flash-image',
      supportedActions: ['generateContent'],
    })?.abilities,
    {
      vision: true,
      imageOutput: true,
    },
    'the SDK’s supportedActions are read too',
  );
  t.equal(
    googleModelCard(modelEntry('imagen-4.0', { supportedGenerationMethods: ['predict'] })),
    undefined,
  );
});

t.test('only chat models pass, filtered by id, built-in cards preferred', async (t) => {
  async function* list() {
    yield* defaultModels;
  }
  const builtin: ModelCard = {
    id: 'gemini-2.5-pro',
    displayName: 'Gemini 2.5 Pro (built-in)',
    type: 'chat',
    enabled: true,
    abilities: { reasoning: true },
    pricing: { input: 1.25, output: 10 },
    source: 'builtin',
  };
  const cards = await googleModelCards(list() as any, [builtin]);
  t.same(
    cards.map((card) => card.id),
    ['gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.0-flash'],
  );
  t.match(cards[0], {
    displayName: 'Gemini 2.5 Pro (built-in)',
    pricing: { input: 1.25 },
    source: 'remote',
  });
  t.equal(cards[2]?.maxOutput, 8192);
});
