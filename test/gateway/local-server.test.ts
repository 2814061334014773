// Local servers (ProviderDefinition.localServer) are enabled while they answer their probe.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import pino from 'pino';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { Registry } from '@manifold/gateway/registry';
import { loadConfig } from '@manifold/gateway/config';

/** A server answering `GET /v1/models` with `status`; records the paths it was asked for. */
async function startLocal(status = 200) {
  const paths: string[] = [];
  const server: Server = createServer((request, response) => {
    paths.push(request.url ?? '');
    response.writeHead(request.url === '/v1/models' ? status : 404, {
      'content-type': 'application/json',
    });
    response.end('{"data":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const localDefinition = (baseURL: string, path?: string): ProviderDefinition => ({
  manifest: {
    id: 'localbox',
    name: 'Local box',
    sdkType: 'openai',
    enabled: false,
    keyVault: [{ field: 'baseURL', required: false, secret: false, label: 'Base URL' }],
    defaultBaseURL: baseURL,
    settings: {},
    models: [],
  },
  createRuntime: () => ({ chat: async () => (async function* () {})() }),
  localServer: path === undefined ? {} : { path },
});

const registryWith = (env: Record<string, string>, definition: ProviderDefinition) => {
  const registry = new Registry(
    loadConfig({ LOG_LEVEL: 'silent', ...env }),
    pino({ level: 'silent' }),
  );
  registry.register(definition);
  return registry;
};
const enabled = (registry: Registry) =>
  (JSON.parse(registry.manifestsBody()) as { providers: { enabled: boolean }[] }).providers[0]
    ?.enabled;

t.test('a local server that answers is enabled, and disabled once it stops', async (t) => {
  const local = await startLocal();
  const registry = registryWith({}, localDefinition(local.baseURL));
  await registry.probeLocalServers();
  t.equal(enabled(registry), true, 'enabled while it answers');
  t.same(local.paths, ['/v1/models'], 'probed at <base URL>/models');
  await local.close();
  await registry.probeLocalServers();
  t.equal(enabled(registry), false, 'disabled when it is gone');
});

t.test('a probe answered with an error status does not enable it', async (t) => {
  const local = await startLocal(500);
  t.teardown(local.close);
  const registry = registryWith({}, localDefinition(local.baseURL));
  await registry.probeLocalServers();
  t.equal(enabled(registry), false);
});

t.test('the probe goes to <ID>_PROXY_URL and the definition path', async (t) => {
  const local = await startLocal();
  t.teardown(local.close);
  const registry = registryWith(
    { LOCALBOX_PROXY_URL: local.baseURL },
    localDefinition('http://127.0.0.1:9/v1', '/models'),
  );
  await registry.probeLocalServers();
  t.equal(enabled(registry), true);
  t.same(local.paths, ['/v1/models']);

  const other = registryWith(
    { LOCALBOX_PROXY_URL: local.baseURL },
    localDefinition('http://127.0.0.1:9/v1', '/health'),
  );
  await other.probeLocalServers();
  t.equal(enabled(other), false, 'a path the server does not answer leaves it off');
  t.same(local.paths, ['/v1/models', '/v1/health']);
});

t.test('the probe keeps a query of <ID>_PROXY_URL after its path', async (t) => {
  const local = await startLocal();
  t.teardown(local.close);
  const registry = registryWith(
    { LOCALBOX_PROXY_URL: `${local.baseURL}?key=local-key` },
    localDefinition('http://127.0.0.1:9/v1', '/models'),
  );
  await registry.probeLocalServers();
  t.same(local.paths, ['/v1/models?key=local-key']);
});

t.test('ENABLED_<ID> wins over the probe, which is then not sent', async (t) => {
  const local = await startLocal();
  t.teardown(local.close);
  const off = registryWith({ ENABLED_LOCALBOX: '0' }, localDefinition(local.baseURL));
  await off.probeLocalServers();
  t.equal(enabled(off), false);
  const on = registryWith({ ENABLED_LOCALBOX: '1' }, localDefinition('http://127.0.0.1:9/v1'));
  await on.probeLocalServers();
  t.equal(enabled(on), true);
  t.same(local.paths, [], 'never probed');
});
