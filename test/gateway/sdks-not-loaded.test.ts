/**
 * Boot stays light (issue 19): with every builtin provider discovered and OpenAI enabled with a
 * key, a gateway that has served no chat holds none of the provider SDKs (`openai`,
 * `@anthropic-ai/sdk`, `@google/genai`, `@aws-sdk/*`, `ollama`): each is imported on a runtime's
 * first call. Checked in a process of its own whose module loads are watched by a load hook; then
 * a streamed chat to OpenAI (against a local fake upstream) loads no SDK (the lean path), and a
 * model list, an SDK call, loads `openai` and only it.
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
port1.on('message', (name) => loaded.add(name));
port1.unref();
const hooks = \`
let port;
const SDK = /\\\\/node_modules\\\\/(openai|@anthropic-ai\\\\/sdk|@google\\\\/genai|@aws-sdk\\\\/[^/]+|ollama)\\\\//;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) {
  const match = SDK.exec(url);
  if (match) port.postMessage(match[1]);
  return next(url, context);
}\`;
register('data:text/javascript,' + encodeURIComponent(hooks), {
  data: { port: port2 },
  transferList: [port2],
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
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
const providers = (await app.inject({ method: 'GET', url: '/providers' })).json().providers.length;
await settle();
const idle = [...loaded].sort();
const reply = await app.inject({
  method: 'POST',
  url: '/webapi/chat/openai',
  headers: { 'x-manifold-auth': await signToken({}), 'content-type': 'application/json' },
  payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] },
});
await settle();
const afterChat = [...loaded].sort();
const models = await app.inject({
  method: 'GET',
  url: '/webapi/models/openai',
  headers: { 'x-manifold-auth': await signToken({}) },
});
await settle();
await app.close();
upstream.close();
process.stdout.write(JSON.stringify({
  providers, idle, afterChat, afterModels: [...loaded].sort(), status: reply.statusCode, body: reply.body,
  modelsStatus: models.statusCode,
}));
`;

t.test(
  'no provider SDK is loaded before a first call; a streamed chat loads none, a model list loads openai',
  async (t) => {
    const { stdout } = await run(
      process.execPath,
      ['--import=tsx', '--conditions=manifold-source', '--input-type=module', '-e', SCRIPT],
      { cwd: ROOT, env: { PATH: process.env.PATH }, timeout: 120_000 },
    );
    const result = JSON.parse(stdout) as {
      providers: number;
      idle: string[];
      afterChat: string[];
      afterModels: string[];
      modelsStatus: number;
      status: number;
      body: string;
    };
    t.ok(result.providers > 60, 'every builtin provider is discovered');
    t.same(result.idle, [], 'no provider SDK loaded at boot nor by GET /providers');
    t.equal(result.status, 200, 'the chat is answered');
    t.match(result.body, /event: text\ndata: "hi"/, 'with the upstream text');
    t.same(result.afterChat, [], 'a streamed chat to OpenAI needs no SDK (its lean path)');
    t.equal(result.modelsStatus, 200, 'the model list is answered');
    t.same(
      result.afterModels,
      ['openai'],
      'the model list (an SDK call) loaded openai, and only it',
    );
  },
);
