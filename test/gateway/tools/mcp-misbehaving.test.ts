/**
 * MCP sources against a server that misbehaves on request (fixtures/misbehaving-mcp-server.ts):
 * each failure is a clear error, and the source keeps serving.
 */
import t, { type Test } from 'tap';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import { createMcpSource, type McpSourceOptions } from '@manifold/gateway/tools/mcp/source';
import type { ToolSource } from '@manifold/gateway/tools/types';
import { callContext, MISBEHAVING } from './mcp-helpers.js';

async function misbehaving(
  t: Test,
  options: McpSourceOptions = {},
  env?: Record<string, string>,
): Promise<ToolSource> {
  const source = createMcpSource('fake', { ...MISBEHAVING, ...(env && { env }) }, options);
  t.teardown(() => source.close?.());
  await source.start?.();
  return source;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error as ManifoldError,
  );

const call = (source: ToolSource, apiName: string, args: Record<string, unknown> = {}) =>
  source.call('mcp-fake', apiName, args, callContext());

t.test('the manifest carries the server description, instructions and tools', async (t) => {
  const source = await misbehaving(t);
  const [manifest] = source.manifests();
  t.equal(manifest!.state, 'success');
  t.equal(manifest!.meta.description, 'A server that misbehaves on request');
  t.equal(manifest!.systemRole, 'Call hang only to test.');
  t.same(manifest!.api[0], {
    name: 'echo',
    description: 'Says the text back',
    parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  });
});

t.test('a tool that hangs is a 504 after the call timeout and is cancelled', async (t) => {
  const source = await misbehaving(t, { callTimeoutMs: 300 });
  const startedAt = Date.now();
  const error = await failure(call(source, 'hang'));
  t.equal(error.errorType, 504);
  t.equal(error.body.reason, 'timeout');
  t.equal(error.body.limit, 300);
  t.ok(Date.now() - startedAt < 3000, 'it does not wait past the timeout');
  t.same(await call(source, 'cancelled'), { text: 'cancelled: 1' }, 'the server saw the cancel');
  t.same(await call(source, 'echo', { text: 'still here' }), { text: 'echo: still here' });
});

t.test('an aborted request cancels the call at once with the signal reason', async (t) => {
  const source = await misbehaving(t);
  const controller = new AbortController();
  const pending = source.call('mcp-fake', 'hang', {}, callContext(controller.signal));
  setTimeout(() => controller.abort(new Error('client left')), 100);
  const error = await pending.catch((error: unknown) => error);
  t.match(error, { message: 'client left' });
  t.same(await call(source, 'cancelled'), { text: 'cancelled: 1' });
});

t.test(
  'a server that crashes mid-call is a PluginGatewayError and the next call works',
  async (t) => {
    const source = await misbehaving(t);
    const before = (await call(source, 'whoami')).text;
    const error = await failure(call(source, 'crash'));
    t.equal(error.errorType, 'PluginGatewayError');
    t.match(error.body.message, /closed the connection during the call/);
    const after = (await call(source, 'whoami')).text;
    t.not(after, before, 'a new server process answers');
    t.equal(source.manifests()[0]!.state, 'success');
  },
);

t.test('a server killed between calls is reconnected for the next call', async (t) => {
  const source = await misbehaving(t);
  const before = Number((await call(source, 'whoami')).text);
  process.kill(before, 'SIGKILL');
  await new Promise((resolve) => setTimeout(resolve, 200));
  const after = (await call(source, 'echo', { text: 'back' })).text;
  t.equal(after, 'echo: back');
  t.not(Number((await call(source, 'whoami')).text), before);
});

t.test('an isError answer is a PluginGatewayError with the tool text', async (t) => {
  const source = await misbehaving(t);
  const error = await failure(call(source, 'fail'));
  t.equal(error.errorType, 'PluginGatewayError');
  t.equal(error.body.message, 'the tool broke: disk full');
  t.equal(error.body.identifier, 'mcp-fake');
});

t.test('a tool that throws is a PluginGatewayError with the server error', async (t) => {
  const source = await misbehaving(t);
  const error = await failure(call(source, 'explode'));
  t.equal(error.errorType, 'PluginGatewayError');
  t.match(error.body.message, /kaboom/);
});

t.test('a tools/list_changed notification updates the manifest', async (t) => {
  const source = await misbehaving(t);
  const names = () => source.manifests()[0]!.api.map((api) => api.name);
  t.notOk(names().includes('late'));
  await call(source, 'add-tool');
  for (let waited = 0; !names().includes('late') && waited < 5000; waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
  t.ok(names().includes('late'), 'the new tool is listed');
  t.same(await call(source, 'late'), { text: 'late tool here' });
});

t.test('every kind of content becomes text', async (t) => {
  const source = await misbehaving(t);
  t.equal(
    (await call(source, 'mixed')).text,
    [
      'Here is everything:',
      '[image: image/png, 2.9 KB]',
      '[audio: audio/wav, 10 B]',
      '[resource: file:///notes.txt]\nthe notes',
      '[resource: file:///blob.bin: application/octet-stream, 2.0 KB]',
      '[resource link: report https://example.com/report] The full report',
    ].join('\n'),
  );
});

t.test(
  'a command that does not exist is listed with state error and start does not throw',
  async (t) => {
    const source = createMcpSource('missing', { command: 'manifold-no-such-mcp-server' });
    t.teardown(() => source.close?.());
    await source.start?.();
    const [manifest] = source.manifests();
    t.equal(manifest!.state, 'error');
    t.match(manifest!.error, /ENOENT/);
    t.same(manifest!.api, []);
    const error = await failure(source.call('mcp-missing', 'anything', {}, callContext()));
    t.equal(error.errorType, 'PluginGatewayError');
    t.match(error.body.message, /not available.*ENOENT/);
  },
);

t.test(
  'a server that exits before initialising is listed with state error, its stderr logged',
  async (t) => {
    const logged: Array<Record<string, unknown>> = [];
    const logger = {
      debug() {},
      info() {},
      error() {},
      warn: (object: object) => void logged.push(object as Record<string, unknown>),
    };
    const source = await misbehaving(t, { logger }, { FAKE_MCP_EXIT_AT_START: '1' });
    const [manifest] = source.manifests();
    t.equal(manifest!.state, 'error');
    t.match(manifest!.error, /closed the connection before it answered/);
    t.notMatch(manifest!.error, /FAKE_TOKEN/, 'stderr stays out of the public manifest');
    t.ok(
      logged.some((entry) => String(entry.stderr).includes('missing FAKE_TOKEN')),
      'stderr is in the log',
    );
  },
);
