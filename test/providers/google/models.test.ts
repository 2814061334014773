import t from 'tap';
import { Compile } from 'typebox/compile';
import { ModelCardSchema } from '@manifold/core/contract/model-card';
import { definition } from '../../../providers/google/index.js';
import { rejection } from '../../wires/openai/runtime-helpers.js';
import { modelEntry } from '@manifold/provider-kit/fakes/google-builders';
import { fakeGoogle, GOOGLE_KEY, googleRuntime } from './helpers.js';

const checkCard = Compile(ModelCardSchema);
const manifest = definition.manifest;

t.test('google is enabled by default, third, with an API key and a base URL field', async (t) => {
  t.match(manifest, { id: 'google', sdkType: 'google', enabled: true, sort: 3 });
  t.same(
    manifest.keyVault.map((field) => [
      field.field,
      field.required,
      field.secret,
      field.placeholder,
    ]),
    [
      ['apiKey', true, true, 'AIza...'],
      ['baseURL', false, false, 'https://generativelanguage.googleapis.com'],
    ],
  );
  t.same(manifest.settings, {
    searchMode: 'internal',
    showModelFetcher: true,
    responseAnimation: { speed: 50, text: 'smooth' },
  });
});

t.test('the current Gemini cards are valid, priced and sized', async (t) => {
  const ids = manifest.models.map((card) => card.id);
  for (const id of [
    'gemini-2.5-pro',
    'gemini-2.5-flash',
    'gemini-2.5-flash-lite',
    'gemini-2.0-flash',
    'gemini-2.5-flash-image',
  ])
    t.ok(ids.includes(id), id);
  t.equal(new Set(ids).size, ids.length, 'ids are unique');
  for (const card of manifest.models) {
    t.ok(checkCard.Check(card), `${card.id} is a valid card`);
    t.ok(card.contextWindowTokens && card.maxOutput, `${card.id} has context and output limits`);
    t.type(card.pricing?.input, 'number', `${card.id} has an input price`);
    t.equal(
      card.abilities.search === true,
      card.settings?.searchImpl === 'params',
      `${card.id}: search cards say how`,
    );
    t.equal(
      card.abilities.reasoning === true,
      card.settings?.extendParams?.includes('thinkingBudget') === true,
      `${card.id}: thinking cards take a budget`,
    );
  }
  const pro = manifest.models.find((card) => card.id === 'gemini-2.5-pro')!;
  t.same(pro.pricing, { input: 1.25, output: 10, cachedInput: 0.31 }, 'the ≤200k tier');
  t.match(pro.description, /up to 200k tokens/);
});

const context = () => ({ signal: new AbortController().signal, startedAt: Date.now() });

t.test(
  'the model list is read page by page from GET /v1beta/models with the key header',
  async (t) => {
    const fake = await fakeGoogle(t, {
      apiKey: GOOGLE_KEY,
      maxPageSize: 2,
      models: [
        modelEntry('gemini-2.5-pro', { displayName: 'Gemini 2.5 Pro', thinking: true }),
        modelEntry('gemini-2.5-flash-preview-09-2025', {
          displayName: 'Gemini 2.5 Flash Preview',
          thinking: true,
          outputTokenLimit: 65_535,
        }),
        modelEntry('text-embedding-004', { supportedGenerationMethods: ['embedContent'] }),
        modelEntry('gemini-embedding-exp', { supportedGenerationMethods: ['generateContent'] }),
        modelEntry('gemma-3-4b-it', {
          displayName: 'Gemma 3 4B',
          inputTokenLimit: 32_768,
          outputTokenLimit: 8192,
        }),
      ],
    });
    const cards = await googleRuntime(fake).models!(context());
    const lists = fake.requests.filter((request) => request.path === '/v1beta/models');
    t.equal(lists.length, 3, 'three pages');
    t.same(
      lists.map((request) => request.query.get('pageToken')),
      [null, 'page-2', 'page-4'],
    );
    t.ok(lists.every((request) => request.headers['x-goog-api-key'] === GOOGLE_KEY));
    t.same(
      cards.map((card) => card.id),
      ['gemini-2.5-pro', 'gemini-2.5-flash-preview-09-2025', 'gemma-3-4b-it'],
      'chat models only, ids filtered',
    );
    const builtin = manifest.models.find((card) => card.id === 'gemini-2.5-pro');
    t.same(cards[0], { ...builtin, source: 'remote' }, 'a built-in card is preferred');
    t.same(cards[1], {
      id: 'gemini-2.5-flash-preview-09-2025',
      displayName: 'Gemini 2.5 Flash Preview',
      description: 'The gemini-2.5-flash-preview-09-2025 model',
      type: 'chat',
      enabled: false,
      abilities: { reasoning: true, vision: true, functionCall: true },
      source: 'remote',
      contextWindowTokens: 1_048_576,
      maxOutput: 65_535,
    });
    t.same(cards[2]?.abilities, {}, 'no thinking, not Gemini: no abilities claimed');
  },
);

t.test('a refused key on the model list is InvalidProviderAPIKey', async (t) => {
  const fake = await fakeGoogle(t);
  const error = await rejection(
    googleRuntime(fake, { apiKey: 'AIzaSyNope0123456789abcdefghijklmnopq' }).models!(context()),
  );
  t.equal(error?.errorType, 'InvalidProviderAPIKey');
});
