import t from 'tap';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import {
  $browserRuntimes,
  $clientFetch,
  clientFetchState,
  isFetchOnClient,
  setFetchOnClient,
} from '../../web/src/features/providers/stores/fetch-on-client.js';
import {
  $providerSettings,
  type ProviderUserSettings,
} from '../../web/src/features/providers/stores/provider-settings.js';
import { $providers } from '../../web/src/features/providers/stores/providers.js';

type Settings = ProviderManifest['settings'];

const manifest = (id: string, settings: Settings = {}) =>
  ({ id, name: id, settings, models: [], keyVault: [] }) as unknown as ProviderManifest;

/** A local-model provider (its explicit switch wins), a cloud one, and one that refuses browsers. */
const local = manifest('local', { defaultShowBrowserRequest: true });
const cloud = manifest('cloud');
const serverOnly = manifest('server-only', { disableBrowserRequest: true });

const user = (
  vault: ProviderUserSettings['vault'],
  fetchOnClient?: boolean,
): ProviderUserSettings => ({ vault, ...(fetchOnClient === undefined ? {} : { fetchOnClient }) });

const URL = 'http://127.0.0.1:11434';

t.test('a provider that disables browser requests always goes through the server', async (t) => {
  t.equal(isFetchOnClient(serverOnly, user({ baseURL: URL })), false, 'base URL without key');
  t.equal(isFetchOnClient(serverOnly, user({ baseURL: URL }, true)), false, 'switch on');
  t.equal(isFetchOnClient(serverOnly, user({ apiKey: 'k' }, true)), false, 'key and switch on');
});

t.test("for a local-model provider the person's explicit switch wins", async (t) => {
  t.equal(isFetchOnClient(local, user({ baseURL: URL }, false)), false, 'off over a base URL');
  t.equal(isFetchOnClient(local, user({}, true)), true, 'on without a base URL or key');
  t.equal(isFetchOnClient(local, user({ apiKey: 'k' }, true)), true, 'on with a key only');
  t.equal(isFetchOnClient(local, user({ baseURL: URL })), true, 'untouched: the URL rule');
  t.equal(isFetchOnClient(local, user({})), false, 'untouched, nothing set: the server');
  t.equal(isFetchOnClient(local, undefined), false, 'no settings at all: the server');
});

t.test('otherwise: a base URL without a key is the browser, whatever the switch', async (t) => {
  t.equal(isFetchOnClient(cloud, user({ baseURL: URL })), true);
  t.equal(isFetchOnClient(cloud, user({ baseURL: URL }, false)), true, 'the switch is not asked');
  t.equal(
    isFetchOnClient(cloud, user({ baseURL: URL, apiKey: '  ' })),
    true,
    'a blank key is none',
  );
});

t.test('otherwise: nothing set is the server, even with the switch on', async (t) => {
  t.equal(isFetchOnClient(cloud, user({}, true)), false);
  t.equal(isFetchOnClient(cloud, user({ baseURL: '   ' }, true)), false, 'a blank URL is none');
});

t.test(
  'otherwise: a base URL or key with a key set follows the switch, off by default',
  async (t) => {
    t.equal(isFetchOnClient(cloud, user({ baseURL: URL, apiKey: 'k' })), false);
    t.equal(isFetchOnClient(cloud, user({ baseURL: URL, apiKey: 'k' }, true)), true);
    t.equal(
      isFetchOnClient(cloud, user({ apiKey: 'k' }, true)),
      true,
      'a key alone and the switch',
    );
    t.equal(isFetchOnClient(cloud, user({ apiKey: 'k' }, false)), false);
    t.equal(isFetchOnClient(local, user({ baseURL: URL, apiKey: 'k' })), false, 'local, untouched');
  },
);

t.test('the switch is offered where it can matter, and locked where it cannot', async (t) => {
  t.same(clientFetchState(local, undefined, true), {
    onClient: false,
    offered: true,
    locked: false,
  });
  t.same(clientFetchState(cloud, user({}), true), {
    onClient: false,
    offered: false,
    locked: false,
  });
  t.same(clientFetchState(cloud, user({ apiKey: 'k' }), true), {
    onClient: false,
    offered: true,
    locked: false,
  });
  t.same(
    clientFetchState(cloud, user({ baseURL: URL }, false), true),
    { onClient: true, offered: true, locked: true },
    'a base URL without a key: on, and the switch cannot turn it off',
  );
  t.same(
    clientFetchState(serverOnly, user({ baseURL: URL }, true), true),
    { onClient: false, offered: false, locked: false },
    'never for a provider that disables browser requests',
  );
  t.same(
    clientFetchState(local, user({ baseURL: URL }), false),
    { onClient: false, offered: false, locked: false },
    'a provider this build cannot run in the page is served by the gateway',
  );
});

t.test(
  '$clientFetch follows the manifests, the settings and the runtimes of the bundle',
  async (t) => {
    t.teardown(() => {
      $providers.set([]);
      $providerSettings.set({});
      $browserRuntimes.set({ ids: new Set(), load: async () => undefined });
    });
    $providers.set([local, cloud, serverOnly]);
    $providerSettings.set({ local: user({ baseURL: URL }), cloud: user({ baseURL: URL }) });
    t.same(
      Object.values($clientFetch.get()).map((state) => state.onClient),
      [false, false, false],
      'nothing runs in the page before the bundle lists its runtimes',
    );

    $browserRuntimes.set({ ids: new Set(['local', 'cloud']), load: async () => undefined });
    t.equal($clientFetch.get().local?.onClient, true, 'a base URL without a key: the browser');
    t.equal($clientFetch.get().cloud?.onClient, true);
    t.equal($clientFetch.get()['server-only']?.onClient, false);

    setFetchOnClient('local', false);
    t.equal(
      $providerSettings.get().local?.fetchOnClient,
      false,
      'the switch is kept in the settings',
    );
    t.equal($providerSettings.get().local?.vault.baseURL, URL, 'next to the key vault');
    t.equal($clientFetch.get().local?.onClient, false, 'and wins for the local-model provider');
    setFetchOnClient('cloud', false);
    t.equal($clientFetch.get().cloud?.onClient, true, 'but not for the others');
  },
);
