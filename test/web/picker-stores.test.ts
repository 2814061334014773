// The stores behind the model picker, the first run and the provider settings (issue 13): key
// status, the provider filter, the default provider, the picker's search, custom providers and
// the tracing header.
import t from 'tap';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import {
  $customProviders,
  addCustomProvider,
  removeCustomProvider,
  routeOf,
  slugId,
  validateCustomProvider,
} from '../../web/src/features/providers/stores/custom-providers.js';
import {
  $filteredProviders,
  $providerFilter,
  filterProviders,
  isFiltering,
  keyStatus,
} from '../../web/src/features/providers/stores/key-status.js';
import {
  $pickerGroups,
  filterPickerGroups,
} from '../../web/src/features/providers/stores/picker.js';
import { $providerSettings } from '../../web/src/features/providers/stores/provider-settings.js';
import { $allProviders, $providers } from '../../web/src/features/providers/stores/providers.js';
import {
  $activeModel,
  $activeProvider,
  selectProvider,
} from '../../web/src/features/providers/stores/selection.js';
import { TRACE_HEADER, traceHeaders } from '../../web/src/lib/trace.js';

const card = (id: string, patch: Partial<ModelCard> = {}): ModelCard => ({
  id,
  type: 'chat',
  enabled: true,
  abilities: {},
  source: 'builtin',
  ...patch,
});

const keyField = { field: 'apiKey' as const, required: true, secret: true, label: 'API Key' };
const urlField = { field: 'baseURL' as const, required: false, secret: false, label: 'Base URL' };

const manifest = (id: string, patch: Partial<ProviderManifest> = {}) =>
  ({
    id,
    name: id.toUpperCase(),
    sort: 0,
    enabled: true,
    keyVault: [keyField, urlField],
    serverKey: false,
    models: [card(`${id}-chat`)],
    ...patch,
  }) as unknown as ProviderManifest;

const local = manifest('local', {
  keyVault: [{ ...urlField, required: false }],
  settings: { defaultShowBrowserRequest: true },
  models: [card('llama', { abilities: { functionCall: true } })],
});
const hosted = manifest('hosted', {
  models: [card('gpt-mini', { displayName: 'GPT mini', abilities: { vision: true } })],
});
const served = manifest('served', { serverKey: true, models: [card('served-1')] });

t.beforeEach(() => {
  $providerSettings.set({});
  $providerFilter.set({});
  $customProviders.set([]);
  $providers.set([local, hosted, served]);
  selectProvider('');
});

t.test('key status: your key, the server key, none needed, none', async (t) => {
  t.equal(keyStatus(hosted, undefined), 'none');
  t.equal(keyStatus(hosted, { vault: { apiKey: '  ' } }), 'none', 'blank is no key');
  t.equal(keyStatus(hosted, { vault: { apiKey: 'sk-1' } }), 'user');
  t.equal(keyStatus(served, undefined), 'server');
  t.equal(keyStatus(served, { vault: { apiKey: 'sk-1' } }), 'user', 'your key wins');
  t.equal(keyStatus(local, undefined), 'keyless');
});

t.test('the first run preselects only a provider with a key', async (t) => {
  t.equal($activeProvider.get()?.id, 'served', 'the server key, although listed last');
  $providers.set([local, hosted]);
  t.equal($activeProvider.get(), undefined, 'no key: nothing preselected, not even keyless');
  t.equal($activeModel.get(), '', 'and no model');
  $providerSettings.set({ hosted: { vault: { apiKey: 'sk-1' } } });
  t.equal($activeProvider.get()?.id, 'hosted', 'a key of your own makes it the default');
  selectProvider('local');
  t.equal($activeProvider.get()?.id, 'local', 'a keyless provider when chosen');
  t.equal($activeModel.get(), 'llama');
});

t.test('provider filter: words, enabled, has key, local, ability', async (t) => {
  const all = [local, hosted, served];
  const ids = (list: ProviderManifest[]) => list.map((p) => p.id);
  const settings = { hosted: { vault: {}, enabled: false } };
  const models = {
    local: local.models ?? [],
    hosted: hosted.models ?? [],
    served: served.models ?? [],
  };
  t.same(ids(filterProviders(all, {}, {})), ['local', 'hosted', 'served']);
  t.same(ids(filterProviders(all, {}, { query: 'HOST' })), ['hosted'], 'case-insensitive');
  t.same(ids(filterProviders(all, settings, { enabled: true })), ['local', 'served']);
  t.same(ids(filterProviders(all, {}, { hasKey: true })), ['served']);
  t.same(ids(filterProviders(all, {}, { local: true })), ['local']);
  t.same(ids(filterProviders(all, {}, { ability: 'vision' }, models)), ['hosted']);
  t.same(ids(filterProviders(all, {}, { ability: 'functionCall' }, models)), ['local']);
  t.notOk(isFiltering({ query: '  ' }));
  t.ok(isFiltering({ ability: 'vision' }));
  $providerFilter.set({ ability: 'vision' });
  t.same(ids($filteredProviders.get()), ['hosted'], 'the store uses the effective models');
});

t.test('picker: groups with key status, search over provider and model words', async (t) => {
  const groups = $pickerGroups.get();
  t.same(
    groups.map((g) => [g.provider.id, g.status]),
    [
      ['local', 'keyless'],
      ['hosted', 'none'],
      ['served', 'server'],
    ],
  );
  const found = filterPickerGroups(groups, 'gpt MINI');
  t.same(
    found.map((g) => g.models.map((m) => m.id)),
    [['gpt-mini']],
  );
  t.same(
    filterPickerGroups(groups, 'hosted mini').map((g) => g.provider.id),
    ['hosted'],
    'the provider name counts',
  );
  t.same(filterPickerGroups(groups, 'nothing-like-this'), []);
});

t.test('custom providers: validated, added with their URL and models, removed', async (t) => {
  t.equal(slugId('  My Local Server! '), 'my-local-server');
  const taken = ['local', 'hosted', 'served'];
  t.equal(validateCustomProvider({ id: 'Bad Id', baseURL: 'https://x.test/v1' }, taken), 'id');
  t.equal(
    validateCustomProvider({ id: 'hosted', baseURL: 'https://x.test/v1' }, taken),
    'duplicate',
  );
  t.equal(validateCustomProvider({ id: 'mine', baseURL: 'not a url' }, taken), 'baseURL');
  t.equal(validateCustomProvider({ id: 'mine', baseURL: 'ftp://x.test' }, taken), 'baseURL');
  t.equal(
    addCustomProvider(
      {
        id: 'mine',
        name: 'Mine',
        baseURL: ' http://127.0.0.1:8000/v1 ',
        models: ['a', ' b ', 'a', ''],
      },
      taken,
    ),
    undefined,
  );
  const mine = $allProviders.get().find((p) => p.id === 'mine');
  t.equal(mine?.name, 'Mine');
  t.equal(mine?.sdkType, 'openai', 'an OpenAI-compatible provider');
  t.equal(routeOf('mine'), 'openai', 'called through the OpenAI route');
  t.equal(routeOf('hosted'), 'hosted');
  t.same($providerSettings.get().mine?.vault, { baseURL: 'http://127.0.0.1:8000/v1' });
  t.same(
    ($providerSettings.get().mine?.customModels ?? []).map((m) => m.id),
    ['a', 'b'],
    'trimmed, without duplicates or blanks',
  );
  t.equal(keyStatus(mine!, $providerSettings.get().mine), 'keyless', 'a key is optional');
  removeCustomProvider('mine');
  t.notOk($allProviders.get().some((p) => p.id === 'mine'));
  t.equal($providerSettings.get().mine, undefined, 'its settings are gone too');
});

t.test('tracing: the header only with consent, base64 of {enabled: true}', async (t) => {
  t.same(traceHeaders(false), {});
  const header = traceHeaders(true)[TRACE_HEADER];
  t.same(JSON.parse(Buffer.from(header ?? '', 'base64').toString('utf8')), { enabled: true });
});
