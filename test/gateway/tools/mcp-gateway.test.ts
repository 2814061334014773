/**
 * MCP servers through the gateway's routes (CONTRACT §8): `MCP_SERVERS` listed in `GET /tools`
 * with their state, tools called through `POST /webapi/plugin/gateway`, failures answered with
 * the catalogue's errors, a person's own servers from `X-Manifold-Mcp-Servers` — and the gateway
 * keeps serving throughout.
 */
import t from 'tap';
import { authHeader, startGateway } from '../../helpers/gateway.js';
import { EVERYTHING, MISBEHAVING, startEverythingHttp } from './mcp-helpers.js';

const servers = (entries: Record<string, unknown>) => JSON.stringify({ mcpServers: entries });

async function gateway(t: Parameters<typeof startGateway>[0], env: Record<string, string>) {
  const { url } = await startGateway(t, env);
  const call = async (
    identifier: string,
    apiName: string,
    args: unknown,
    headers: Record<string, string> = {},
  ) => {
    const response = await fetch(`${url}/webapi/plugin/gateway`, {
      method: 'POST',
      headers: { ...(await authHeader()), ...headers },
      body: JSON.stringify({ identifier, apiName, arguments: JSON.stringify(args) }),
    });
    return { status: response.status, text: await response.text() };
  };
  const tools = async (path = '/tools', headers: Record<string, string> = {}) =>
    ((await (await fetch(`${url}${path}`, { headers })).json()) as { tools: any[] }).tools;
  return { url, call, tools };
}

t.test('server-everything over stdio and a missing command, side by side', async (t) => {
  const { url, call, tools } = await gateway(t, {
    MCP_SERVERS: servers({
      everything: { command: process.execPath, args: [EVERYTHING] },
      broken: { command: '/nonexistent/mcp-server' },
    }),
  });
  const list = await tools();
  const everything = list.find((tool) => tool.identifier === 'mcp-everything');
  t.match(everything, { type: 'mcp', source: 'mcp', state: 'success' });
  t.ok(
    everything.api.some((api: { name: string }) => api.name === 'echo'),
    'its tools as api',
  );
  t.match(
    list.find((tool) => tool.identifier === 'mcp-broken'),
    { state: 'error', error: String, api: [] },
  );

  const echo = await call('mcp-everything', 'echo', { message: 'hello from the gateway' });
  t.equal(echo.status, 200);
  t.match(echo.text, /hello from the gateway/);
  const missingArgument = await call('mcp-everything', 'echo', {});
  t.equal(missingArgument.status, 422, 'arguments are checked against the tool input schema');
  t.match(JSON.parse(missingArgument.text), { errorType: 'PluginApiParamsError' });
  const broken = await call('mcp-broken', 'anything', {});
  t.equal(broken.status, 502, 'a server that failed to start says so');
  t.match(JSON.parse(broken.text), { errorType: 'PluginGatewayError' });
  t.equal((await fetch(`${url}/health`)).status, 200, 'the gateway serves');
});

t.test('a misbehaving server: isError, a crash mid-call, a hang', async (t) => {
  const { url, call, tools } = await gateway(t, {
    MCP_SERVERS: servers({ bad: MISBEHAVING }),
    // room for a reconnect (a new process) within one call
    MCP_TIMEOUT_MS: '4000',
  });
  t.match(
    (await tools()).find((tool) => tool.identifier === 'mcp-bad'),
    { state: 'success' },
  );
  const failed = await call('mcp-bad', 'fail', {});
  t.equal(failed.status, 502);
  t.match(JSON.parse(failed.text), { errorType: 'PluginGatewayError', body: { message: String } });
  const crashed = await call('mcp-bad', 'crash', {});
  t.equal(crashed.status, 502, 'a crash mid-call');
  const after = await call('mcp-bad', 'echo', { text: 'again' });
  t.equal(after.status, 200, 'the next call reconnects');
  const started = Date.now();
  const hung = await call('mcp-bad', 'hang', {});
  t.equal(hung.status, 504);
  t.match(JSON.parse(hung.text), { errorType: 504, body: { reason: 'timeout', limit: 4000 } });
  t.ok(Date.now() - started < 8000, 'answered at MCP_TIMEOUT_MS');
  t.equal((await fetch(`${url}/health`)).status, 200);
});

t.test("a person's own Streamable HTTP server, and the policy on its URL", async (t) => {
  const server = await startEverythingHttp(t, 'streamableHttp');
  const header = (url: string) => ({
    'x-manifold-mcp-servers': Buffer.from(servers({ mine: { url } })).toString('base64url'),
  });
  const mcpURL = `http://127.0.0.1:${server.port}/mcp`;
  const open = await gateway(t, {});
  const listed = await open.tools('/webapi/tools', { ...(await authHeader()), ...header(mcpURL) });
  t.match(
    listed.find((tool) => tool.identifier === 'mcp-user-mine'),
    { source: 'user', state: 'success' },
  );
  const echo = await open.call('mcp-user-mine', 'echo', { message: 'mine' }, header(mcpURL));
  t.equal(echo.status, 200);
  t.match(echo.text, /mine/);
  const stdio = Buffer.from(servers({ evil: { command: 'rm', args: ['-rf', '/'] } })).toString(
    'base64url',
  );
  const refused = await open.call('mcp-user-evil', 'x', {}, { 'x-manifold-mcp-servers': stdio });
  t.equal(refused.status, 400, 'a person may never start a process');

  const guarded = await gateway(t, { BASE_URL_POLICY: 'public' });
  const loopback = await guarded.call('mcp-user-mine', 'echo', { message: 'x' }, header(mcpURL));
  t.equal(loopback.status, 400, 'a loopback URL is refused under BASE_URL_POLICY=public');
  t.match(JSON.parse(loopback.text), { errorType: 'BadRequest' });
});
