import t from 'tap';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import {
  $modelFetch,
  $providerModels,
  addCustomModel,
  customCard,
  fetchModels,
  findModelCard,
  mergeModels,
  removeCustomModel,
  setModelEnabled,
} from '../../web/src/features/providers/stores/models.js';
import { $providerSettings } from '../../web/src/features/providers/stores/provider-settings.js';
import { $providers } from '../../web/src/features/providers/stores/providers.js';
import {
  $activeModel,
  $activeProvider,
  $chatModels,
  $chatProviders,
  selectModel,
  selectProvider,
} from '../../web/src/features/providers/stores/selection.js';
import type { FetchImpl } from '../../web/src/lib/api.js';

const card = (id: string, patch: Partial<ModelCard> = {}): ModelCard => ({
  id,
  type: 'chat',
  enabled: true,
  abilities: {},
  source: 'builtin',
  ...patch,
});

const openai = {
  id: 'openai',
  name: 'OpenAI',
  sort: 0,
  enabled: true,
  models: [
    card('gpt-4o', { displayName: 'GPT-4o', abilities: { vision: true } }),
    card('o1', { enabled: false }),
    card('text-embedding-3-small', { type: 'embedding' }),
  ],
} as unknown as ProviderManifest;

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

t.beforeEach(() => {
  $providerSettings.set({});
  $modelFetch.set({});
  $providers.set([openai]);
  selectProvider('openai');
});

t.test('mergeModels: builtin wins over remote, remote-only added, custom replaces', async (t) => {
  const merged = mergeModels(
    [card('a', { displayName: 'A builtin' }), card('b')],
    [card('a', { displayName: 'A remote', source: 'remote' }), card('r', { source: 'builtin' })],
    [card('b', { displayName: 'B custom' }), card('c')],
  );
  t.same(
    merged.map((m) => [m.id, m.source, m.displayName]),
    [
      ['a', 'builtin', 'A builtin'],
      ['b', 'custom', 'B custom'],
      ['r', 'remote', undefined],
      ['c', 'custom', undefined],
    ],
  );
});

t.test('customCard builds a chat card from the form', async (t) => {
  t.equal(customCard({ id: '  ' }), undefined, 'an id is required');
  t.same(
    customCard({
      id: ' my-model ',
      displayName: 'Mine',
      contextWindowTokens: 32000,
      vision: true,
      reasoning: true,
    }),
    {
      id: 'my-model',
      type: 'chat',
      enabled: true,
      abilities: { vision: true, reasoning: true },
      source: 'custom',
      displayName: 'Mine',
      contextWindowTokens: 32000,
    },
  );
});

t.test('the chat picker lists effective, enabled chat models', async (t) => {
  t.same(
    $chatModels.get().map((m) => m.id),
    ['gpt-4o'],
    'disabled and non-chat cards are left out',
  );
  setModelEnabled('openai', 'o1', true);
  t.same(
    $chatModels.get().map((m) => m.id),
    ['gpt-4o', 'o1'],
  );
  t.equal(addCustomModel('openai', { id: 'my-model', displayName: 'Mine' }), 'added');
  t.equal(addCustomModel('openai', { id: '' }), 'emptyId', 'no id, no card');
  t.equal(
    addCustomModel('openai', { id: 'my-model', displayName: 'Other' }),
    'duplicate',
    'an existing id is refused, not replaced',
  );
  t.same(
    $chatModels.get().map((m) => m.id),
    ['gpt-4o', 'o1', 'my-model'],
  );
  selectModel('my-model');
  t.equal($activeModel.get(), 'my-model');
  t.equal(findModelCard('openai', 'my-model')?.source, 'custom');
  t.equal(findModelCard('openai', 'gpt-4o')?.displayName, 'GPT-4o');
  t.equal(findModelCard('openai', 'nope'), undefined);
  t.equal(findModelCard('nope', 'gpt-4o'), undefined);

  setModelEnabled('openai', 'my-model', false);
  t.same(
    $chatModels.get().map((m) => m.id),
    ['gpt-4o', 'o1'],
  );
  t.equal($activeModel.get(), 'gpt-4o', 'a disabled model falls back to the first one');
  t.equal(findModelCard('openai', 'my-model')?.enabled, false, 'the card still exists, off');

  removeCustomModel('openai', 'my-model');
  t.equal(findModelCard('openai', 'my-model'), undefined);
});

t.test(
  'an image-only provider is left out of the chat picker and never chosen by default',
  async (t) => {
    const images = {
      id: 'images',
      name: 'Images',
      sort: -1,
      enabled: true,
      models: [card('flux', { type: 'image' })],
    } as unknown as ProviderManifest;
    // the server has OpenAI's key (a first run preselects only a provider with a key)
    $providers.set([images, { ...openai, serverKey: true }]);
    selectProvider('');
    t.same(
      $chatProviders.get().map((p) => p.id),
      ['openai'],
      'only the provider with a chat model is listed',
    );
    t.equal($activeProvider.get()?.id, 'openai', 'the default provider has chat models');
    addCustomModel('images', { id: 'my-chat' });
    t.same(
      $chatProviders.get().map((p) => p.id),
      ['images', 'openai'],
      'a custom chat model makes the provider usable',
    );
  },
);

t.test('fetchModels stores remote cards with the key vault in the auth header', async (t) => {
  $providerSettings.set({ openai: { vault: { apiKey: 'sk-test' } } });
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetch: FetchImpl = async (url, init) => {
    calls.push({ url, init });
    return json({
      models: [card('gpt-4o', { displayName: 'Remote 4o', source: 'remote' }), card('gpt-9')],
    });
  };
  await fetchModels('openai', fetch);
  t.equal(calls[0]?.url, '/webapi/models/openai');
  t.ok(
    (calls[0]?.init?.headers as Record<string, string>)['x-manifold-auth'],
    'signed auth header sent',
  );
  t.same($modelFetch.get().openai, { state: 'done', count: 2 });
  t.same(
    $providerModels.get().openai?.map((m) => [m.id, m.source, m.displayName]),
    [
      ['gpt-4o', 'builtin', 'GPT-4o'],
      ['o1', 'builtin', undefined],
      ['text-embedding-3-small', 'builtin', undefined],
      ['gpt-9', 'remote', undefined],
    ],
  );
  t.equal($providerSettings.get().openai?.remoteModels?.length, 2, 'remote cards are persisted');
  t.equal($providerSettings.get().openai?.vault.apiKey, 'sk-test', 'the vault is kept');
  t.same(
    $chatModels.get().map((m) => m.id),
    ['gpt-4o', 'gpt-9'],
  );
});

t.test('fetchModels keeps the error type of a failed fetch', async (t) => {
  await fetchModels('openai', async () =>
    json({ errorType: 'InvalidProviderAPIKey', body: { provider: 'openai' } }, 401),
  );
  t.same($modelFetch.get().openai, { state: 'error', errorType: 'InvalidProviderAPIKey' });
  await fetchModels('openai', async () => {
    throw new TypeError('Failed to fetch');
  });
  t.same($modelFetch.get().openai, { state: 'error', errorType: 'UnknownChatFetchError' });
  t.equal($providerSettings.get().openai?.remoteModels, undefined, 'nothing stored');
});
