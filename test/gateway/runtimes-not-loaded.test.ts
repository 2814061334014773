/**
 * Provider runtimes and SDKs load on first use (issue 19): with every builtin provider discovered
 * and only OpenAI enabled, a gateway that has served no chat has loaded each provider's `plugin.ts`
 * and manifest only: no provider's `index.ts`, `options.ts` or `runtime.ts`, no wire package
 * (`core/wires/*`), not the upstream transport (`core/transport`, undici under it) and none of the
 * provider SDKs (`openai`, `@anthropic-ai/sdk`, `@google/genai`, `@aws-sdk/*`, `ollama`). A first
 * streamed chat to OpenAI loads OpenAI's runtime, its wire and the transport, and no SDK (its lean
 * path); a model list, an SDK call, loads `openai` and only it; a first runtime of Anthropic then
 * loads Anthropic's. `GET /providers` is served from the manifests. Checked in a process of its own
 * whose module loads are watched by a load hook.
 */
import t from 'tap';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from '../helpers/paths.js';

const run = promisify(execFile);

/** Runs in the child: watches module loads, boots a gateway, chats once, prints what loaded. */
const SCRIPT = `
import { register } from 'node:module';
import { createServer } from 'node:http';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const loaded = new Set();
const sdks = new Set();
port1.on('message', ({ path, sdk }) => (path ? loaded.add(path) : sdks.add(sdk)));
port1.unref();
const hooks = \`
let port, root;
const SDK = /\\\\/node_modules\\\\/(openai|@anthropic-ai\\\\/sdk|@google\\\\/genai|@aws-sdk\\\\/[^/]+|ollama)\\\\//;
export function initialize(data) { port = data.port; root = data.root; }
export async function load(url, context, next) {
  const sdk = SDK.exec(url);
  if (sdk) port.postMessage({ sdk: sdk[1] });
  else if (url.startsWith(root)) {
    const path = url.slice(root.length);
    if (/^(providers|core\\\\/wires|core\\\\/transport)\\\\//.test(path)) port.postMessage({ path });
  }
  return next(url, context);
}\`;
register('data:text/javascript,' + encodeURIComponent(hooks), {
  data: { port: port2, root: new URL('file://' + process.cwd() + '/').href },
  transferList: [port2],
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
const snapshot = () => [...loaded].sort();
const sdkSnapshot = () => [...sdks].sort();
const upstream = createServer((request, response) => {
  request.resume();
  if (request.url.endsWith('/models')) {
    response.writeHead(200, { 'content-type': 'application/json' });
    return void response.end(JSON.stringify({ object: 'list', data: [{ id: 'gpt-4o-mini', object: 'model', created: 1, owned_by: 'openai' }] }));
  }
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const chunk = (delta, finish) => ({
      id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini',
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    response.write('data: ' + JSON.stringify(chunk({ role: 'assistant', content: 'hi' }, null)) + '\\n\\n');
    response.write('data: ' + JSON.stringify(chunk({}, 'stop')) + '\\n\\n');
    response.end('data: [DONE]\\n\\n');
  });
});
await new Promise((resolve) => upstream.listen(0, '127.0.0.1', resolve));
const { signToken } = await import('@manifold/core/auth/token');
const { buildApp } = await import('@manifold/gateway/app');
const { loadConfig } = await import('@manifold/gateway/config');
const config = loadConfig({
  LOG_LEVEL: 'silent',
  OPENAI_API_KEY: 'sk-test',
  OPENAI_PROXY_URL: 'http://127.0.0.1:' + upstream.address().port + '/v1',
});
const app = await buildApp(config, { logger: false });
await app.ready();
const providers = (await app.inject({ method: 'GET', url: '/providers' })).json().providers;
await settle();
const idle = snapshot();
const idleSdks = sdkSnapshot();
const reply = await app.inject({
  method: 'POST',
  url: '/webapi/chat/openai',
  headers: { 'x-manifold-auth': await signToken({}), 'content-type': 'application/json' },
  payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] },
});
await settle();
const afterChat = snapshot();
const afterChatSdks = sdkSnapshot();
const models = await app.inject({
  method: 'GET',
  url: '/webapi/models/openai',
  headers: { 'x-manifold-auth': await signToken({}) },
});
await settle();
const afterModelsSdks = sdkSnapshot();
await app.registry.runtimeFor('anthropic', { apiKey: 'sk-ant-test' });
await settle();
const afterAnthropic = snapshot();
await app.close();
upstream.close();
process.stdout.write(JSON.stringify({
  providers: providers.length,
  enabled: providers.filter((p) => p.enabled).map((p) => p.id),
  idle, afterChat, afterAnthropic, status: reply.statusCode, body: reply.body,
  idleSdks, afterChatSdks, afterModelsSdks, modelsStatus: models.statusCode,
}));
`;

/** What a provider's boot may load: its plugin, its manifest and what these import. */
const BOOT_FILE = /^providers\/[\w-]+\/(plugin|manifest|models|server-vault|credentials)\.ts$/;
/** A provider's runtime code. */
const RUNTIME_FILE = /^providers\/[\w-]+\/(index|options|runtime|browser)\.ts$/;
/** The provider folders of which runtime code was loaded. */
const runtimesOf = (paths: readonly string[]) =>
  [...new Set(paths.filter((path) => RUNTIME_FILE.test(path)).map((path) => path.split('/')[1]))]
    .sort()
    .join(',');

t.test('no provider runtime or SDK is loaded before its first use', async (t) => {
  const { stdout } = await run(
    process.execPath,
    ['--import=tsx', '--conditions=manifold-source', '--input-type=module', '-e', SCRIPT],
    { cwd: ROOT, env: { PATH: process.env.PATH }, timeout: 120_000 },
  );
  const result = JSON.parse(stdout) as {
    providers: number;
    enabled: string[];
    idle: string[];
    afterChat: string[];
    afterAnthropic: string[];
    status: number;
    body: string;
    idleSdks: string[];
    afterChatSdks: string[];
    afterModelsSdks: string[];
    modelsStatus: number;
  };
  t.equal(result.providers, 63, 'every builtin provider is discovered');
  t.ok(result.enabled.includes('openai'), 'OpenAI is enabled');
  t.ok(
    result.idle.some((path) => path === 'providers/openai/plugin.ts'),
    'the watch sees provider modules',
  );
  t.same(
    result.idle.filter((path) => !BOOT_FILE.test(path)),
    [],
    'boot and GET /providers load each provider plugin and manifest only: no runtime, no wire, no transport',
  );
  t.same(result.idleSdks, [], 'no provider SDK loaded at boot nor by GET /providers');

  t.equal(result.status, 200, 'the chat is answered');
  t.match(result.body, /event: text\ndata: "hi"/, 'with the upstream text');
  t.equal(runtimesOf(result.afterChat), 'openai', "the first chat loaded OpenAI's runtime only");
  t.ok(result.afterChat.includes('providers/openai/index.ts'), "OpenAI's definition");
  t.ok(
    result.afterChat.some((path) => path.startsWith('core/wires/openai/')),
    'the OpenAI wire',
  );
  t.ok(
    result.afterChat.some((path) => path.startsWith('core/transport/')),
    'the upstream transport',
  );
  t.notOk(
    result.afterChat.some((path) => path.startsWith('core/wires/anthropic/')),
    'not the Anthropic wire',
  );
  t.same(result.afterChatSdks, [], 'a streamed chat to OpenAI needs no SDK (its lean path)');
  t.equal(result.modelsStatus, 200, 'the model list is answered');
  t.same(
    result.afterModelsSdks,
    ['openai'],
    'the model list (an SDK call) loaded openai, and only it',
  );

  t.equal(
    runtimesOf(result.afterAnthropic),
    'anthropic,openai',
    "a first Anthropic runtime loaded Anthropic's runtime",
  );
  t.ok(
    result.afterAnthropic.some((path) => path.startsWith('core/wires/anthropic/')),
    'and the Anthropic wire',
  );
});
