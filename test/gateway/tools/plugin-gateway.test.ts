/**
 * `GET /tools`, `GET /webapi/tools` and `POST /webapi/plugin/gateway` (CONTRACT §8) with plugin
 * manifests from `PLUGIN_MANIFESTS`: every error of the contract, the settings merge, the limits
 * on plugin URLs (timeout, 1 MiB, no redirects, BASE_URL_POLICY) — and the gateway keeps serving.
 */
import t, { type Test } from 'tap';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { authHeader, startGateway } from '../../helpers/gateway.js';

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A plugin's HTTP endpoint whose answer each test scripts. */
async function pluginServer(t: Test) {
  const received: Received[] = [];
  let answer: (request: IncomingMessage, response: ServerResponse) => void = (_q, response) =>
    response.end('sunny, 21 °C');
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      answer(request, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    origin,
    received,
    answer(next: typeof answer) {
      answer = next;
    },
  };
}

const weatherManifest = (origin: string) => ({
  identifier: 'weather',
  meta: { title: 'Weather', description: 'Current weather' },
  api: [
    {
      name: 'current',
      description: 'The weather in a city now',
      url: `${origin}/current`,
      parameters: {
        type: 'object',
        properties: { city: { type: 'string', minLength: 1 }, unit: { enum: ['C', 'F'] } },
        required: ['city'],
        additionalProperties: false,
      },
    },
  ],
  settings: {
    type: 'object',
    properties: { apiKey: { type: 'string', minLength: 8 } },
    required: ['apiKey'],
  },
  systemRole: 'Use the weather tool for weather questions.',
});

async function setup(t: Test, env: Record<string, string> = {}) {
  const plugin = await pluginServer(t);
  const dir = mkdtempSync(join(tmpdir(), 'manifold-plugins-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'weather.json');
  writeFileSync(path, JSON.stringify(weatherManifest(plugin.origin)));
  const { url } = await startGateway(t, {
    PLUGIN_MANIFESTS: path,
    PLUGIN_SETTINGS: 'weather:apiKey=server-key-123;region=eu',
    ...env,
  });
  const call = async (
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; text: string; headers: Headers }> => {
    const response = await fetch(`${url}/webapi/plugin/gateway`, {
      method: 'POST',
      headers: { ...(await authHeader()), ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text(), headers: response.headers };
  };
  const weather = (args: string) => ({
    identifier: 'weather',
    apiName: 'current',
    arguments: args,
  });
  return { plugin, url, call, weather, manifestPath: path };
}

const settingsHeader = (settings: Record<string, unknown>) => ({
  'x-manifold-plugin-settings': Buffer.from(JSON.stringify(settings)).toString('base64url'),
});

t.test(
  'GET /tools lists the plugin manifests; GET /webapi/tools needs the auth header',
  async (t) => {
    const { url } = await setup(t);
    const { tools } = (await (await fetch(`${url}/tools`)).json()) as {
      tools: Array<Record<string, unknown>>;
    };
    t.match(tools, [{ identifier: 'weather', type: 'default', source: 'plugin' }]);
    t.equal((await fetch(`${url}/webapi/tools`)).status, 401);
    const authed = await fetch(`${url}/webapi/tools`, { headers: await authHeader() });
    t.match(await authed.json(), { tools: [{ identifier: 'weather' }] });
  },
);

t.test('a call reaches the plugin with its arguments and the merged settings', async (t) => {
  const { plugin, call, weather } = await setup(t);
  const answer = await call(
    weather('{"city":"Paris"}'),
    settingsHeader({ apiKey: 'user-key-456' }),
  );
  t.equal(answer.status, 200);
  t.equal(answer.text, 'sunny, 21 °C');
  t.match(answer.headers.get('content-type'), /^text\/plain; charset=utf-8/);
  const [received] = plugin.received;
  t.equal(received?.path, '/current');
  t.same(JSON.parse(received?.body ?? ''), { city: 'Paris' });
  const sent = JSON.parse(
    Buffer.from(String(received?.headers['x-manifold-plugin-settings']), 'base64url').toString(),
  );
  t.same(sent, { apiKey: 'user-key-456', region: 'eu' }, "the request's settings win");
});

t.test('every error of CONTRACT §8, and the gateway keeps serving', async (t) => {
  const { plugin, url, call, weather } = await setup(t);
  const cases: Array<[string, Record<string, unknown>, number, string, Record<string, string>?]> = [
    [
      'unknown tool',
      { identifier: 'nope', apiName: 'x', arguments: '{}' },
      404,
      'PluginApiNotFound',
    ],
    [
      'unknown api',
      { identifier: 'weather', apiName: 'forecast', arguments: '{}' },
      404,
      'PluginApiNotFound',
    ],
    ['arguments not JSON', weather('{city: Paris'), 422, 'PluginFailToTransformArguments'],
    ['arguments not an object', weather('["Paris"]'), 422, 'PluginApiParamsError'],
    ['a required argument missing', weather('{}'), 422, 'PluginApiParamsError'],
    ['an unknown argument', weather('{"city":"Paris","days":3}'), 422, 'PluginApiParamsError'],
    [
      'a value outside the enum',
      weather('{"city":"Paris","unit":"K"}'),
      422,
      'PluginApiParamsError',
    ],
    [
      'settings invalid',
      weather('{"city":"Paris"}'),
      422,
      'PluginSettingsInvalid',
      settingsHeader({ apiKey: 'short' }),
    ],
    [
      'a settings header that is not base64url JSON',
      weather('{"city":"Paris"}'),
      400,
      'BadRequest',
      { 'x-manifold-plugin-settings': 'not*base64' },
    ],
    ['a body without arguments', { identifier: 'weather', apiName: 'current' }, 400, 'BadRequest'],
  ];
  for (const [label, body, status, errorType, headers] of cases) {
    const answer = await call(body, headers);
    t.equal(answer.status, status, label);
    t.match(JSON.parse(answer.text), { errorType, body: { message: String } }, label);
  }
  const params = JSON.parse((await call(weather('{"city":"Paris","days":3}'))).text);
  t.match(params.body.errors, [{ path: '/', message: /unknown property "days"/ }]);
  t.equal(plugin.received.length, 0, 'nothing invalid reached the plugin');

  plugin.answer((_q, response) => {
    response.statusCode = 503;
    response.end('{"error":"quota exceeded for key sk-live-abcdefghijklmnopqrstu"}');
  });
  const failed = await call(weather('{"city":"Paris"}'));
  t.equal(failed.status, 502);
  const failure = JSON.parse(failed.text);
  t.match(failure, {
    errorType: 'PluginGatewayError',
    body: { status: 503, message: /answered 503: .*quota exceeded/ },
  });
  t.notMatch(failed.text, /abcdefghijklmnopqrstu/, 'a key in the answer is masked');
  t.equal((await fetch(`${url}/health`)).status, 200);
});

t.test('plugin URLs: a 30 s (here 300 ms) timeout, a 1 MiB cap, no redirects', async (t) => {
  const { plugin, url, call, weather } = await setup(t, { PLUGIN_TIMEOUT_MS: '300' });
  plugin.answer(() => undefined);
  const started = Date.now();
  const slow = await call(weather('{"city":"Paris"}'));
  t.equal(slow.status, 504);
  t.match(JSON.parse(slow.text), { errorType: 504, body: { reason: 'timeout', limit: 300 } });
  t.ok(Date.now() - started < 3000, 'answered at the timeout');

  plugin.answer((_q, response) => response.end('x'.repeat(1024 * 1024 + 1)));
  const big = await call(weather('{"city":"Paris"}'));
  t.equal(big.status, 502);
  t.match(JSON.parse(big.text), {
    errorType: 'PluginGatewayError',
    body: { message: /more than 1 MiB/ },
  });

  plugin.answer((_q, response) => {
    response.writeHead(302, { location: `${plugin.origin}/elsewhere` });
    response.end();
  });
  const before = plugin.received.length;
  const moved = await call(weather('{"city":"Paris"}'));
  t.equal(moved.status, 502);
  t.match(JSON.parse(moved.text), { body: { reason: 'redirect' } });
  t.equal(plugin.received.length, before + 1, 'the redirect was not followed');
  t.equal((await fetch(`${url}/health`)).status, 200);
});

t.test('BASE_URL_POLICY=public applies to every URL a manifest names', async (t) => {
  const { plugin, call, weather } = await setup(t, { BASE_URL_POLICY: 'public' });
  // the operator's manifest names a loopback URL: the operator's to fix, 502
  const server = await call(weather('{"city":"Paris"}'));
  t.equal(server.status, 502);
  t.match(JSON.parse(server.text), {
    errorType: 'PluginGatewayError',
    body: { message: /private, loopback or reserved/ },
  });
  // a person's own manifest: 400 naming the field, for loopback, private, link-local and names resolving there
  for (const target of [
    'http://127.0.0.1:9/x',
    'http://10.1.2.3/x',
    'http://169.254.169.254/latest',
    'http://[::1]:9/x',
    'http://localhost:9/x',
  ]) {
    const own = await call({
      identifier: 'mine',
      apiName: 'run',
      arguments: '{}',
      manifest: {
        identifier: 'mine',
        meta: { title: 'Mine', description: 'mine' },
        api: [{ name: 'run', description: 'run', url: target }],
      },
    });
    t.equal(own.status, 400, target);
    t.match(
      JSON.parse(own.text),
      { errorType: 'BadRequest', body: { field: 'manifest.api.url' } },
      target,
    );
  }
  t.equal(plugin.received.length, 0, 'nothing reached a private address');
});

t.test("a person's own plugin manifest in the body is called (BASE_URL_POLICY=any)", async (t) => {
  const { plugin, call } = await setup(t);
  const manifest = {
    identifier: 'my-tool',
    meta: { title: 'Mine', description: 'mine' },
    api: [{ name: 'run', description: 'run', url: `${plugin.origin}/run` }],
  };
  const answer = await call({
    identifier: 'my-tool',
    apiName: 'run',
    arguments: '{"a":1}',
    manifest,
  });
  t.equal(answer.status, 200);
  t.equal(plugin.received.at(-1)?.path, '/run');
  const mismatch = await call({ identifier: 'other', apiName: 'run', arguments: '{}', manifest });
  t.equal(mismatch.status, 400);
  t.match(JSON.parse(mismatch.text), { body: { field: 'manifest.identifier' } });
  const invalid = await call({
    identifier: 'my-tool',
    apiName: 'run',
    arguments: '{}',
    manifest: { identifier: 'my-tool' },
  });
  t.equal(invalid.status, 400);
  t.match(JSON.parse(invalid.text), {
    errorType: 'BadRequest',
    body: { message: /manifest is invalid/ },
  });
  const builtin = await call({
    identifier: 'my-tool',
    apiName: 'run',
    arguments: '{}',
    manifest: { ...manifest, type: 'mcp' },
  });
  t.equal(builtin.status, 400);
});

t.test('a traced call answers with its trace id', async (t) => {
  const { call, weather } = await setup(t);
  const trace = Buffer.from(JSON.stringify({ enabled: true, traceId: 'trace-123' })).toString(
    'base64',
  );
  const answer = await call(weather('{"city":"Paris"}'), { 'x-manifold-trace': trace });
  t.equal(answer.headers.get('x-manifold-trace-id'), 'trace-123');
});

t.test('a manifest that cannot be loaded is left out, and the gateway starts', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'manifold-plugins-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  writeFileSync(join(dir, 'bad.json'), '{"identifier": "Bad Id!"}');
  const { url } = await startGateway(t, {
    PLUGIN_MANIFESTS: `${join(dir, 'bad.json')},${join(dir, 'missing.json')}`,
  });
  t.same(await (await fetch(`${url}/tools`)).json(), { tools: [] });
});
