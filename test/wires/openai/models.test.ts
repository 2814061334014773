import t from 'tap';
import { defineOpenAICompatibleProvider } from '@manifold/wire-openai/define-provider';
import { enrichModelCards, isChatModelId } from '@manifold/core/models/model-list';
import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { openaiError } from '@manifold/provider-kit/fakes/openai-errors';
import {
  callContext,
  fakeUpstream,
  lastBody,
  rejection,
  runtimeOptions,
  recordingLogger,
  TEST_KEY,
} from './runtime-helpers.js';

const base: OpenAICompatibleOptions = { baseURL: 'http://unused.invalid/v1' };

const builtin: ModelCard = {
  id: 'gpt-4o',
  displayName: 'GPT-4o',
  type: 'chat',
  contextWindowTokens: 128_000,
  enabled: true,
  abilities: { functionCall: true, vision: true },
  pricing: { input: 2.5, output: 10 },
  source: 'builtin',
};

const manifest: ProviderManifestInput = {
  id: 'test-compat',
  name: 'Test',
  sdkType: 'openai',
  keyVault: [],
  settings: {},
  models: [builtin],
};

t.test('the model list drops non-chat ids and enriches known ones from the manifest', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = defineOpenAICompatibleProvider(manifest, base).createRuntime(
    runtimeOptions(fake),
  );

  const cards = await runtime.models!(callContext());

  const request = fake.lastRequest();
  t.equal(request?.method, 'GET');
  t.equal(request?.path, '/v1/models');
  t.equal(request?.headers.authorization, `Bearer ${TEST_KEY}`);
  t.same(
    cards.map((card) => card.id),
    ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'o3-mini', 'gpt-5'],
  );
  t.same(cards[0], { ...builtin, source: 'remote' });
  t.same(
    cards[1],
    {
      id: 'gpt-4o-mini',
      type: 'chat',
      enabled: false,
      abilities: { functionCall: true, vision: true },
      source: 'remote',
    },
    'an id no built-in card names gets its family abilities',
  );
  t.ok(cards.every((card) => card.source === 'remote'));
});

t.test('the id filter follows the spec literally, substrings included', async (t) => {
  const excluded = [
    'text-embedding-3-large',
    'davinci-002',
    'curie',
    'omni-moderation-latest',
    'ada',
    'babbage-002',
    'tts-1-hd',
    'whisper-1',
    'dall-e-3',
    'gpt-4o-mini-tts',
    'llama-canada-8b',
  ];
  for (const id of excluded) t.notOk(isChatModelId(id), id);
  for (const id of ['gpt-4o', 'o3', 'deepseek-chat', 'kimi-k2-0905-preview'])
    t.ok(isChatModelId(id), id);
});

t.test('duplicate remote ids are listed once', async (t) => {
  const cards = enrichModelCards(
    [
      { id: 'a', type: 'chat', enabled: false, abilities: {}, source: 'remote' },
      { id: 'a', type: 'chat', enabled: false, abilities: {}, source: 'remote' },
    ],
    [],
  );
  t.equal(cards.length, 1);
});

t.test('a custom list URL and transform are used, with the same filter', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: {
      models: [
        { name: 'chat-large', ctx: 32_000 },
        { name: 'embedding-small', ctx: 512 },
      ],
    },
  });
  const runtime = createOpenAICompatibleRuntime(
    {
      ...base,
      models: {
        url: `${fake.url}/api/catalog/models`,
        transform: (raw) =>
          (raw as { models: Array<{ name: string; ctx: number }> }).models.map((model) => ({
            id: model.name,
            type: 'chat',
            contextWindowTokens: model.ctx,
            enabled: false,
            abilities: {},
            source: 'remote',
          })),
      },
    },
    runtimeOptions(fake),
  );

  const cards = await runtime.models!(callContext());

  t.equal(fake.lastRequest()?.path, '/api/catalog/models');
  t.equal(fake.lastRequest()?.headers.authorization, `Bearer ${TEST_KEY}`);
  t.same(cards, [
    {
      id: 'chat-large',
      type: 'chat',
      contextWindowTokens: 32_000,
      enabled: false,
      abilities: {},
      source: 'remote',
    },
  ]);
});

t.test('models false gives a runtime without a model list', async (t) => {
  const runtime = createOpenAICompatibleRuntime(
    { ...base, models: false },
    runtimeOptions({ baseURL: 'http://127.0.0.1:9/v1' }),
  );
  t.equal(runtime.models, undefined);
});

t.test('a failing model list maps the error like a chat', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply(openaiError(401));
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  const error = await rejection(runtime.models!(callContext()));

  t.type(error, ManifoldError);
  t.equal(error.errorType, 'InvalidProviderAPIKey');
});

t.test('embeddings ask for floats and return one vector per input, in order', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: {
      object: 'list',
      data: [
        { object: 'embedding', index: 1, embedding: [0.3, 0.4] },
        { object: 'embedding', index: 0, embedding: [0.1, 0.2] },
      ],
      model: 'text-embedding-3-small',
      usage: { prompt_tokens: 2, total_tokens: 2 },
    },
  });
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  const vectors = await runtime.embeddings!(
    { model: 'text-embedding-3-small', input: ['a', 'b'], dimensions: 2 },
    callContext(),
  );

  t.same(vectors, [
    [0.1, 0.2],
    [0.3, 0.4],
  ]);
  t.equal(fake.lastRequest()?.path, '/v1/embeddings');
  t.same(lastBody(fake), {
    model: 'text-embedding-3-small',
    input: ['a', 'b'],
    dimensions: 2,
    encoding_format: 'float',
  });
});

t.test('the list URL may be a function of the runtime options', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: { data: [{ id: 'glm-4.5' }] } });
  const runtime = createOpenAICompatibleRuntime(
    {
      ...base,
      models: { url: (options) => `${options.baseURL!.replace('/v1', '')}/llm/models?page=1` },
    },
    runtimeOptions(fake),
  );
  const cards = await runtime.models!(callContext());
  t.equal(fake.lastRequest()?.path, '/llm/models');
  t.equal(fake.lastRequest()?.query.get('page'), '1', 'the query string is kept');
  t.same(
    cards.map((card) => [card.id, card.abilities]),
    [['glm-4.5', { functionCall: true, reasoning: true }]],
  );
});

t.test('provider keyword lists replace the family lists; listed abilities win', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: { data: [{ id: 'acme-think-vision' }, { id: 'gpt-4o' }, { id: 'acme-tiny' }] },
  });
  const runtime = createOpenAICompatibleRuntime(
    {
      ...base,
      models: {
        abilities: { reasoning: ['think'], vision: ['vision', '!tiny'], functionCall: ['^acme'] },
        transform: (raw) =>
          (raw as { data: { id: string }[] }).data.map((item) => ({
            id: item.id,
            type: 'chat' as const,
            enabled: false,
            abilities: item.id === 'acme-tiny' ? { functionCall: false } : {},
            source: 'remote' as const,
          })),
      },
    },
    runtimeOptions(fake),
  );
  const cards = await runtime.models!(callContext());
  t.same(
    cards.map((card) => [card.id, card.abilities]),
    [
      ['acme-think-vision', { functionCall: true, vision: true, reasoning: true }],
      ['gpt-4o', {}],
      ['acme-tiny', { functionCall: false }],
    ],
  );
});

t.test('emptyOnError answers an empty list when the list fails', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply(openaiError(500));
  const logger = recordingLogger();
  const runtime = createOpenAICompatibleRuntime(
    { ...base, models: { emptyOnError: true } },
    { ...runtimeOptions(fake), logger },
  );
  t.same(await runtime.models!(callContext()), []);
  t.ok(
    logger.records.some((record) => record.level === 'warn'),
    'the failure is logged',
  );
});
