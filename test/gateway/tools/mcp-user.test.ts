/**
 * A person's own MCP servers (`X-Manifold-Mcp-Servers`): Streamable HTTP only, connected through
 * the pool's fetch (the guarded one under BASE_URL_POLICY=public), pooled per URL and headers.
 */
import t, { type Test } from 'tap';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createUpstreamFetch } from '@manifold/transport';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import { createPublicOnlyFetch } from '@manifold/gateway/base-url';
import { createMcpSource } from '@manifold/gateway/tools/mcp/source';
import {
  createUserMcpPool,
  userMcpSources,
  type UserMcpPoolOptions,
} from '@manifold/gateway/tools/mcp/user-sources';
import { callContext, startEverythingHttp } from './mcp-helpers.js';

const header = (mcpServers: Record<string, unknown>) =>
  Buffer.from(JSON.stringify({ mcpServers })).toString('base64url');

function pool(t: Test, options: Partial<UserMcpPoolOptions> = {}) {
  const created = createUserMcpPool({ fetch: createUpstreamFetch(), ...options });
  t.teardown(() => created.close());
  return created;
}

t.test(
  "a person's server is listed as mcp-user-<name> and answers through the pool's fetch",
  async (t) => {
    const server = await startEverythingHttp(t, 'streamableHttp');
    const url = `http://127.0.0.1:${server.port}/mcp`;
    const users = pool(t);
    const [source] = userMcpSources(header({ 'My Tools': { url } }), users);
    await source!.start!();
    const [manifest] = source!.manifests();
    t.equal(manifest!.identifier, 'mcp-user-my-tools');
    t.equal(manifest!.type, 'mcp');
    t.equal(manifest!.source, 'user');
    t.equal(manifest!.meta.title, 'My Tools');
    t.equal(manifest!.state, 'success', manifest!.error ?? '');
    t.same(await source!.call('mcp-user-my-tools', 'echo', { message: 'mine' }, callContext()), {
      text: 'Echo: mine',
    });
  },
);

t.test('a loopback URL is refused under a fetch that refuses private addresses', async (t) => {
  const server = await startEverythingHttp(t, 'streamableHttp');
  const users = pool(t, { fetch: createPublicOnlyFetch('X-Manifold-Mcp-Servers') });
  for (const host of ['127.0.0.1', 'localhost']) {
    const [source] = userMcpSources(
      header({ local: { url: `http://${host}:${server.port}/mcp` } }),
      users,
    );
    await source!.start!();
    const [manifest] = source!.manifests();
    t.equal(manifest!.state, 'error', host);
    t.match(manifest!.error, /private, loopback or reserved address/, host);
    const error = (await source!
      .call('mcp-user-local', 'echo', { message: 'x' }, callContext())
      .catch((error: unknown) => error)) as ManifoldError;
    t.equal(error.errorType, 'BadRequest', `${host}: 400`);
    t.equal(error.body.field, 'X-Manifold-Mcp-Servers');
  }
});

t.test('a command from a person is a 400 naming the field, and nothing is started', async (t) => {
  const users = pool(t);
  t.throws(() => userMcpSources(header({ evil: { command: 'sh', args: ['-c', 'id'] } }), users), {
    errorType: 'BadRequest',
    message: /"url" only/,
    body: { field: 'X-Manifold-Mcp-Servers.mcpServers.evil.command' },
  });
  t.throws(() => userMcpSources(header({ evil: { url: 'http://a.example', cwd: '/' } }), users), {
    errorType: 'BadRequest',
    message: /"url" only/,
    body: { field: 'X-Manifold-Mcp-Servers.mcpServers.evil.cwd' },
  });
  t.equal(users.size, 0);
});

t.test(
  'requests with the same URL and headers share one connection; idle ones are closed',
  async (t) => {
    const server = await startEverythingHttp(t, 'streamableHttp');
    const url = `http://127.0.0.1:${server.port}/mcp`;
    const users = pool(t, { idleMs: 300 });
    const first = userMcpSources(header({ a: { url } }), users);
    const second = userMcpSources(header({ b: { url } }), users);
    t.equal(users.size, 1, 'one connection for one URL');
    userMcpSources(header({ c: { url, headers: { 'x-user': '2' } } }), users);
    t.equal(users.size, 2, 'other headers, another connection');
    await first[0]!.start!();
    await second[0]!.start!();
    t.equal(second[0]!.manifests()[0]!.state, 'success');
    for (let waited = 0; users.size > 0 && waited < 5000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    t.equal(users.size, 0, 'dropped from the pool when idle');
    const stale = (await first[0]!
      .call('mcp-user-a', 'echo', { message: 'x' }, callContext())
      .catch((error: unknown) => error)) as ManifoldError;
    t.match(stale.body?.message, /connection is closed/, 'and its connection closed');
    const [again] = userMcpSources(header({ a: { url } }), users);
    t.same(await again!.call('mcp-user-a', 'echo', { message: 'again' }, callContext()), {
      text: 'Echo: again',
    });
  },
);

t.test('a call that runs longer than the idle time keeps its connection', async (t) => {
  const server = await startEverythingHttp(t, 'streamableHttp');
  const users = pool(t, { idleMs: 100 });
  const [source] = userMcpSources(
    header({ slow: { url: `http://127.0.0.1:${server.port}/mcp` } }),
    users,
  );
  const { text } = await source!.call(
    'mcp-user-slow',
    'trigger-long-running-operation',
    { duration: 1, steps: 2 },
    callContext(),
  );
  t.equal(text, 'Long running operation completed. Duration: 1 seconds, Steps: 2.');
});

t.test('the configured headers go with every request, and a 401 is the state error', async (t) => {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    request.resume();
    response.writeHead(401, { 'content-type': 'application/json' });
    response.end('{"error":"bad token"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => server.close());
  const { port } = server.address() as { port: number };
  const source = createMcpSource('guarded', {
    url: `http://127.0.0.1:${port}/mcp`,
    headers: { Authorization: 'Bearer s3cret' },
  });
  t.teardown(() => source.close?.());
  await source.start!();
  const [manifest] = source.manifests();
  t.equal(manifest!.state, 'error');
  t.match(manifest!.error, /Streamable HTTP: .*401|bad token/);
  t.ok(seen.length >= 2, 'Streamable HTTP, then the SSE fallback');
  t.ok(
    seen.every((headers) => headers.authorization === 'Bearer s3cret'),
    'each carried the header',
  );
  t.equal(seen[0]!['content-type'], 'application/json', 'first a Streamable HTTP POST');
  t.equal(seen.at(-1)!.accept, 'text/event-stream', 'then the SSE GET');
});
