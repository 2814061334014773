import t from 'tap';
import { join } from 'node:path';
import { startGateway } from '../helpers/gateway.js';
import { NO_PROVIDERS, PLUGINS } from '../helpers/paths.js';

type Manifest = {
  id: string;
  source: string;
  enabled: boolean;
  sort: number;
  serverKey: boolean;
  models: Array<{
    id: string;
    enabled: boolean;
    source: string;
    displayName?: string;
    contextWindowTokens?: number;
    abilities: Record<string, boolean>;
  }>;
};

const providers = async (url: string) =>
  ((await (await fetch(`${url}/providers`)).json()) as { providers: Manifest[] }).providers;

t.test(
  'broken plugins are logged and skipped, and the gateway still starts with the good one',
  async (t) => {
    const lines: string[] = [];
    const stream = { write: (line: string) => void lines.push(line) };
    const { url } = await startGateway(
      t,
      {},
      { providersDir: PLUGINS, logger: { level: 'error', stream } },
    );
    const logged = lines.map((line) => JSON.parse(line) as { plugin: string; msg: string });
    t.same(
      logged.map((entry) => [entry.plugin, entry.msg]).sort(),
      [
        [
          'not-a-plugin',
          'provider plugin must default-export a fastify-plugin named provider-<id>; skipped',
        ],
        ['provider-broken-import', 'provider plugin failed to load; skipped'],
        ['provider-invalid-manifest', 'provider plugin failed to register; skipped'],
      ],
      'each broken plugin is logged once with the reason',
    );
    const list = await providers(url);
    t.same(
      list.map((p) => p.id),
      ['echo'],
      'only the valid plugin is registered',
    );
    t.equal(list[0]?.source, 'builtin');
  },
);

t.test('MANIFOLD_PLUGINS loads a plugin package by path and marks it as a plugin', async (t) => {
  const { url } = await startGateway(
    t,
    { MANIFOLD_PLUGINS: `${join(PLUGINS, 'provider-echo')},${join(PLUGINS, 'not-a-plugin')}` },
    { providersDir: NO_PROVIDERS },
  );
  const list = await providers(url);
  t.same(
    list.map((p) => [p.id, p.source]),
    [['echo', 'plugin']],
  );
});

t.test('a missing MANIFOLD_PLUGINS package is logged and skipped', async (t) => {
  const { url } = await startGateway(
    t,
    { MANIFOLD_PLUGINS: 'manifold-provider-does-not-exist' },
    { providersDir: NO_PROVIDERS },
  );
  t.same(await providers(url), []);
});

t.test('configuration sets enabled, serverKey and the model list of a provider', async (t) => {
  const { url } = await startGateway(
    t,
    {
      MANIFOLD_PLUGINS: join(PLUGINS, 'provider-echo'),
      ECHO_API_KEY: 'k1,k2',
      ECHO_MODEL_LIST: '-echo-1,+echo-2=Echo Two<32000:vision:fc>,echo-3->deploy-3',
    },
    { providersDir: NO_PROVIDERS },
  );
  const [echo] = await providers(url);
  t.equal(echo!.enabled, true, 'a server key enables the provider');
  t.equal(echo!.serverKey, true);
  t.same(
    echo!.models.map((m) => [m.id, m.enabled, m.source]),
    [
      ['echo-2', true, 'custom'],
      ['echo-3', true, 'custom'],
    ],
  );
  t.equal(echo!.models[0]!.displayName, 'Echo Two');
  t.equal(echo!.models[0]!.contextWindowTokens, 32000);
  t.same(echo!.models[0]!.abilities, { vision: true, functionCall: true });
});

t.test('ENABLED_<ID>=0 disables a provider even with a key', async (t) => {
  const { url } = await startGateway(
    t,
    { MANIFOLD_PLUGINS: join(PLUGINS, 'provider-echo'), ECHO_API_KEY: 'k', ENABLED_ECHO: '0' },
    { providersDir: NO_PROVIDERS },
  );
  t.equal((await providers(url))[0]!.enabled, false);
});

t.test('a bad ENABLED_<ID> value stops the boot with a readable error', async (t) => {
  await t.rejects(
    startGateway(
      t,
      { MANIFOLD_PLUGINS: join(PLUGINS, 'provider-echo'), ENABLED_ECHO: 'yes' },
      { providersDir: NO_PROVIDERS, listen: false },
    ),
    {
      name: 'ConfigError',
      message: 'Invalid configuration: ENABLED_ECHO must be 0 or 1, got "yes"',
    },
  );
});

t.test('a bad <ID>_PROXY_URL stops the boot naming the variable', async (t) => {
  await t.rejects(
    startGateway(
      t,
      { MANIFOLD_PLUGINS: join(PLUGINS, 'provider-echo'), ECHO_PROXY_URL: 'ftp://x' },
      { providersDir: NO_PROVIDERS, listen: false },
    ),
    { name: 'ConfigError', message: /ECHO_PROXY_URL/ },
  );
});
