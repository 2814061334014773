import t from 'tap';
import pino from 'pino';
import type { ProviderDefinition, RuntimeOptions } from '@manifold/core/contract/runtime';
import { lazyDefinition } from '@manifold/core/contract/provider-plugin';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { Registry } from '@manifold/gateway/registry';
import { loadConfig } from '@manifold/gateway/config';

/** A definition that records the options of every runtime it builds. */
function recordingDefinition(extra: Partial<ProviderDefinition> = {}) {
  const built: RuntimeOptions[] = [];
  const definition: ProviderDefinition = {
    manifest: {
      id: 'cloudy',
      name: 'Cloudy',
      sdkType: 'cloudy',
      keyVault: [
        { field: 'accessKeyId', required: true, secret: true, label: 'Access key id' },
        { field: 'region', required: false, secret: false, label: 'Region' },
      ],
      settings: {},
      models: [
        {
          id: 'big',
          type: 'chat',
          enabled: true,
          abilities: {},
          config: { deploymentName: 'big-deploy' },
          source: 'builtin',
        },
      ],
    },
    createRuntime(options) {
      built.push(options);
      return { chat: async () => (async function* () {})() };
    },
    ...extra,
  };
  return { definition, built };
}

const registryWith = (env: Record<string, string>, definition: ProviderDefinition) => {
  const registry = new Registry(
    loadConfig({ LOG_LEVEL: 'silent', ...env }),
    pino({ level: 'silent' }),
  );
  registry.register(definition);
  return registry;
};

t.test('server vault credentials mark the provider as configured and enable it', async (t) => {
  const { definition } = recordingDefinition({
    serverVault: (env) => ({ accessKeyId: env.CLOUDY_KEY_ID, region: env.CLOUDY_REGION }),
  });
  const configured = registryWith(
    { CLOUDY_KEY_ID: 'AKIA1234', CLOUDY_REGION: 'eu-west-1' },
    definition,
  );
  t.match(configured.manifests()[0], { id: 'cloudy', serverKey: true, enabled: true });

  const { definition: second } = recordingDefinition({
    serverVault: (env) => ({ region: env.CLOUDY_REGION }),
  });
  const regionOnly = registryWith({ CLOUDY_REGION: 'eu-west-1' }, second);
  t.match(
    regionOnly.manifests()[0],
    { serverKey: false, enabled: false },
    'a region alone is not a credential',
  );
});

t.test(
  'server vault fields fill what the token leaves out; the token wins per field',
  async (t) => {
    const { definition, built } = recordingDefinition({
      serverVault: (env) => ({
        accessKeyId: env.CLOUDY_KEY_ID,
        region: env.CLOUDY_REGION,
        endpoint: env.CLOUDY_ENDPOINT,
      }),
    });
    const registry = registryWith(
      {
        CLOUDY_KEY_ID: ' AKIA-SERVER ',
        CLOUDY_REGION: 'eu-west-1',
        CLOUDY_ENDPOINT: 'http://10.0.0.5:9000',
      },
      definition,
    );
    await registry.runtimeFor('cloudy', {});
    t.match(built[0], {
      accessKeyId: 'AKIA-SERVER',
      region: 'eu-west-1',
      endpoint: 'http://10.0.0.5:9000',
      customBaseURL: true,
    });
    await registry.runtimeFor('cloudy', { accessKeyId: 'AKIA-USER', region: '' });
    t.match(
      built[1],
      { accessKeyId: 'AKIA-USER', region: 'eu-west-1' },
      'an empty field does not win',
    );
  },
);

t.test('runtimes see the effective model cards, edited by <ID>_MODEL_LIST', async (t) => {
  const { definition, built } = recordingDefinition();
  const registry = registryWith({ CLOUDY_MODEL_LIST: '+small->small-deploy' }, definition);
  await registry.runtimeFor('cloudy', { accessKeyId: 'AKIA' });
  t.same(
    built[0]?.models?.map((card) => [card.id, card.config?.deploymentName]),
    [
      ['big', 'big-deploy'],
      ['small', 'small-deploy'],
    ],
  );
});

t.test('under BASE_URL_POLICY=public runtimes get a guarded fetch for user content', async (t) => {
  const { definition, built } = recordingDefinition();
  await registryWith({ BASE_URL_POLICY: 'public' }, definition).runtimeFor('cloudy', {});
  t.type(built[0]?.fetchUserContent, 'function');
  const refused = await built[0]!.fetchUserContent!('http://127.0.0.1:1/cat.png').catch(
    (error: unknown) => error,
  );
  t.match(refused, { errorType: 'BadRequest' }, 'a loopback image URL is refused');

  const open = recordingDefinition();
  await registryWith({}, open.definition).runtimeFor('cloudy', {});
  t.equal(open.built[0]?.fetchUserContent, undefined, 'the default policy uses the global fetch');
});

t.test('a proxy URL enables a provider only when it needs no secret', async (t) => {
  const keyed = recordingDefinition();
  t.equal(
    registryWith({ CLOUDY_PROXY_URL: 'http://10.0.0.5:9000' }, keyed.definition).manifests()[0]
      ?.enabled,
    false,
    'a required secret key is still missing',
  );
  const local = recordingDefinition();
  local.definition.manifest.keyVault = [
    { field: 'baseURL', required: false, secret: false, label: 'Server address' },
  ];
  t.equal(
    registryWith({ CLOUDY_PROXY_URL: 'http://10.0.0.5:9000' }, local.definition).manifests()[0]
      ?.enabled,
    true,
  );
});

t.test('a caller key pair never mixes with the server session token', async (t) => {
  const { definition, built } = recordingDefinition({
    serverVault: () => ({
      accessKeyId: 'AKIA-SERVER',
      secretAccessKey: 'server-secret',
      sessionToken: 'server-session',
      region: 'eu-west-1',
    }),
  });
  const registry = registryWith({}, definition);
  await registry.runtimeFor('cloudy', { accessKeyId: 'AKIA-USER', secretAccessKey: 'user-secret' });
  t.match(built[0], {
    accessKeyId: 'AKIA-USER',
    secretAccessKey: 'user-secret',
    region: 'eu-west-1',
  });
  t.equal(built[0]?.sessionToken, undefined);
});

t.test('<ID>_API_KEY is ignored by a provider whose key form has no API key', async (t) => {
  const { definition, built } = recordingDefinition();
  const registry = registryWith({ CLOUDY_API_KEY: 'sk-unused' }, definition);
  t.match(registry.manifests()[0], { serverKey: false, enabled: false });
  await registry.runtimeFor('cloudy', {});
  t.equal(built[0]?.apiKey, undefined);
});

t.test(
  'a runtime imported on first use: createRuntime may return a promise, which is awaited',
  async (t) => {
    const { definition, built } = recordingDefinition();
    let loads = 0;
    const lazy = lazyDefinition({ manifest: definition.manifest }, async () => {
      loads++;
      return { definition };
    });
    const registry = new Registry(
      loadConfig({ LOG_LEVEL: 'silent', CLOUDY_KEY_ID: 'AKIA1234' }),
      pino({ level: 'silent' }),
    );
    registry.register(lazy);
    t.equal(loads, 0, 'registering does not load the runtime');
    t.same(
      registry.manifest('cloudy')?.models,
      definition.manifest.models,
      'the manifest is there',
    );

    const runtime = await registry.runtimeFor('cloudy', { accessKeyId: 'AKIA1234' });
    t.type(runtime.chat, 'function', 'the runtime, not a promise of it');
    t.equal(loads, 1, 'the first runtime loaded it');
    t.equal(built.length, 1);
    t.equal(await registry.runtimeFor('cloudy', { accessKeyId: 'AKIA1234' }), runtime, 'cached');

    const refused = new ManifoldError('InvalidProviderAPIKey', { provider: 'cloudy' });
    const failing = lazyDefinition({ manifest: { ...definition.manifest, id: 'stormy' } }, () =>
      Promise.resolve({
        definition: {
          createRuntime: () => {
            throw refused;
          },
        },
      }),
    );
    registry.register(failing);
    await t.rejects(
      registry.runtimeFor('stormy', { accessKeyId: 'AKIA1234' }),
      refused,
      "the runtime's construction error, as from a synchronous createRuntime",
    );
  },
);
