/**
 * MCP sources against the reference server nobody here wrote, `@modelcontextprotocol/server-everything`:
 * over stdio, over its own Streamable HTTP mode, and over its older SSE mode (the fallback).
 */
import t, { type Test } from 'tap';
import { execFileSync } from 'node:child_process';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { createMcpSource } from '@manifold/gateway/tools/mcp/source';
import type { ToolSource } from '@manifold/gateway/tools/types';
import { callContext, EVERYTHING, startEverythingHttp } from './mcp-helpers.js';

const started = async (t: Test, source: ToolSource) => {
  t.teardown(() => source.close?.());
  await source.start?.();
  return source.manifests()[0]!;
};

/** The command lines of this process's children. */
const children = (): string[] =>
  execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('ps '));

t.test(
  'a stdio server is listed with its tools and answers echo, get-sum and an image',
  async (t) => {
    const source = createMcpSource('everything', {
      command: process.execPath,
      args: [EVERYTHING, 'stdio'],
    });
    t.equal(source.manifests()[0]!.state, 'loading', 'loading before it is started');
    const manifest = await started(t, source);
    t.equal(manifest.identifier, 'mcp-everything');
    t.equal(manifest.type, 'mcp');
    t.equal(manifest.source, 'mcp');
    t.equal(manifest.state, 'success');
    t.same(manifest.meta, {
      title: 'everything',
      description: 'Everything Reference Server 2.0.0',
    });
    t.match(manifest.systemRole, /Everything Server – Server Instructions/, 'instructions');
    const echo = manifest.api.find((api) => api.name === 'echo');
    t.same(echo, {
      name: 'echo',
      description: 'Echoes back the input string',
      parameters: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { message: { type: 'string', description: 'Message to echo' } },
        required: ['message'],
      },
    });
    t.ok(manifest.api.some((api) => api.name === 'get-sum'));

    const context = callContext();
    t.same(await source.call('mcp-everything', 'echo', { message: 'hello' }, context), {
      text: 'Echo: hello',
    });
    t.same(await source.call('mcp-everything', 'get-sum', { a: 2, b: 40 }, context), {
      text: 'The sum of 2 and 40 is 42.',
    });
    const image = await source.call('mcp-everything', 'get-tiny-image', {}, context);
    t.equal(
      image.text,
      "Here's the image you requested:\n[image: image/png, 3.9 KB]\nThe image above is the MCP logo.",
      'the image becomes a placeholder with its type and size',
    );
    const links = await source.call('mcp-everything', 'get-resource-links', { count: 1 }, context);
    t.match(links.text, '[resource link: Blob Resource 1 demo://resource/dynamic/blob/1]');
  },
);

t.test('an argument the tool refuses is a PluginGatewayError with its message', async (t) => {
  const source = createMcpSource('everything', {
    command: process.execPath,
    args: [EVERYTHING, 'stdio'],
  });
  await started(t, source);
  const error = await source
    .call('mcp-everything', 'get-resource-reference', { resourceType: 'nope' }, callContext())
    .catch((error: unknown) => error);
  t.type(error, ManifoldError);
  t.equal((error as ManifoldError).errorType, 'PluginGatewayError');
  t.match((error as ManifoldError).body.message, /resourceType/);
});

t.test('closing a stdio source stops its server process', async (t) => {
  const source = createMcpSource('everything', {
    command: process.execPath,
    args: [EVERYTHING, 'stdio'],
  });
  await started(t, source);
  const running = () => children().filter((line) => line.includes(EVERYTHING));
  t.equal(running().length, 1, 'the server runs as a child process');
  await source.close!();
  t.same(running(), [], 'and is gone once the source is closed');
});

t.test('a Streamable HTTP server answers through the same source', async (t) => {
  const server = await startEverythingHttp(t, 'streamableHttp');
  const source = createMcpSource('remote', { url: `http://127.0.0.1:${server.port}/mcp` });
  const manifest = await started(t, source);
  t.equal(manifest.state, 'success', manifest.error ?? '');
  t.equal(manifest.identifier, 'mcp-remote');
  t.same(await source.call('mcp-remote', 'echo', { message: 'over http' }, callContext()), {
    text: 'Echo: over http',
  });
  t.same(await source.call('mcp-remote', 'get-sum', { a: 1, b: 1 }, callContext()), {
    text: 'The sum of 1 and 1 is 2.',
  });
});

t.test('a server of the older SSE transport is reached by the fallback', async (t) => {
  const server = await startEverythingHttp(t, 'sse');
  const source = createMcpSource('legacy', { url: `http://127.0.0.1:${server.port}/sse` });
  const manifest = await started(t, source);
  t.equal(manifest.state, 'success', manifest.error ?? '');
  t.same(await source.call('mcp-legacy', 'echo', { message: 'over sse' }, callContext()), {
    text: 'Echo: over sse',
  });
});

t.test(
  'a server that restarted (its session gone) is reconnected and the call sent again',
  async (t) => {
    const first = await startEverythingHttp(t, 'streamableHttp');
    const source = createMcpSource('restarting', { url: `http://127.0.0.1:${first.port}/mcp` });
    await started(t, source);
    t.same(await source.call('mcp-restarting', 'echo', { message: 'one' }, callContext()), {
      text: 'Echo: one',
    });
    await first.kill();
    await startEverythingHttp(t, 'streamableHttp', first.port);
    t.same(await source.call('mcp-restarting', 'echo', { message: 'two' }, callContext()), {
      text: 'Echo: two',
    });
  },
);

t.test(
  'a URL nothing listens on is listed with state error and the call fails clearly',
  async (t) => {
    const gone = await startEverythingHttp(t, 'streamableHttp');
    await gone.kill();
    const source = createMcpSource('down', { url: `http://127.0.0.1:${gone.port}/mcp` });
    const manifest = await started(t, source);
    t.equal(manifest.state, 'error');
    t.match(manifest.error, /fetch failed|ECONNREFUSED/);
    t.same(manifest.api, []);
    const error = (await source
      .call('mcp-down', 'echo', { message: 'x' }, callContext())
      .catch((error: unknown) => error)) as ManifoldError;
    t.equal(error.errorType, 'PluginGatewayError');
    t.match(error.body.message, /The MCP server is not available/);
  },
);
