import t from 'tap';
import { manifest } from '@manifold/provider-ollama/manifest';
import { modelCardsFromTags } from '@manifold/provider-ollama/models';
import { callContext } from '../../wires/openai/runtime-helpers.js';
import { DEFAULT_TAGS, installedModel } from '@manifold/provider-kit/fakes/ollama';
import { bodyOf, PROXY_KEY, setup } from './helpers.js';

t.test('the installed models become cards: filtered, built-ins preferred, remote', async (t) => {
  const { fake, runtime } = await setup(t, { apiKey: PROXY_KEY });
  const models = await runtime.models!(callContext());
  t.equal(fake.lastRequest()?.path, '/api/tags');
  t.equal(fake.lastRequest()?.method, 'GET');
  t.equal(fake.lastRequest()?.headers.authorization, `Bearer ${PROXY_KEY}`);
  t.same(
    models.map((card) => [card.id, card.type, card.source, card.enabled]),
    [
      ['llama3.2', 'chat', 'remote', true],
      ['qwen3:8b', 'chat', 'remote', true],
      ['my-finetune', 'chat', 'remote', true],
      ['nomic-embed-text', 'embedding', 'remote', true],
    ],
    'mxbai-embedding-large is filtered (SPEC §9), :latest is dropped',
  );
  const builtin = manifest.models.find((card) => card.id === 'llama3.2')!;
  t.same(models[0], { ...builtin, enabled: true, source: 'remote' }, 'the built-in card as it is');
  t.same(models[1], {
    id: 'qwen3:8b',
    displayName: 'qwen3:8b',
    description: 'qwen3 · 8.2B · Q4_K_M',
    type: 'chat',
    contextWindowTokens: 40_960,
    enabled: true,
    abilities: { functionCall: true, reasoning: true },
    source: 'remote',
  });
  t.same(models[2], {
    id: 'my-finetune',
    displayName: 'my-finetune',
    description: 'llama · 8.0B · Q4_K_M',
    type: 'chat',
    enabled: true,
    abilities: {},
    source: 'remote',
  });
});

t.test('an encoder family is an embedding card; duplicates and nameless entries go', async (t) => {
  const cards = modelCardsFromTags(
    {
      models: [
        installedModel('all-minilm:latest', 'bert', '23M'),
        installedModel('phi4:latest', 'phi3', '14.7B'),
        installedModel('phi4', 'phi3', '14.7B'),
        { details: {} },
      ],
    },
    manifest.models,
  );
  t.same(
    cards.map((card) => [card.id, card.type]),
    [
      ['all-minilm', 'embedding'],
      ['phi4', 'chat'],
    ],
  );
  t.same(modelCardsFromTags({}, []), [], 'no models field: no cards');
  t.same(
    modelCardsFromTags(DEFAULT_TAGS, []).length,
    4,
    'without built-ins the filter still holds',
  );
});

t.test('embeddings post {model, input} to /api/embed and return the vectors', async (t) => {
  const { fake, runtime } = await setup(t);
  const vectors = await runtime.embeddings!(
    { model: 'nomic-embed-text', input: ['a', 'b'] },
    callContext(),
  );
  t.same(bodyOf(fake, '/api/embed'), { model: 'nomic-embed-text', input: ['a', 'b'] });
  t.same(vectors, [
    [0.010071029, -0.0017594862, 0.05007221],
    [1.010071029, -0.0017594862, 0.05007221],
  ]);
  await runtime.embeddings!(
    { model: 'nomic-embed-text', input: 'a', dimensions: 256 },
    callContext(),
  );
  t.same(bodyOf(fake, '/api/embed'), { model: 'nomic-embed-text', input: 'a', dimensions: 256 });
});
