// Access lines are off the hot path (issue 19): at `info` a request that went well logs nothing,
// one that failed is logged; at `debug` Fastify's two lines per request come back.
import t, { type Test } from 'tap';
import { join } from 'node:path';
import { authHeader, startGateway } from '../helpers/gateway.js';
import { NO_PROVIDERS, PLUGINS } from '../helpers/paths.js';

const PLUGIN = { MANIFOLD_PLUGINS: join(PLUGINS, 'provider-echo'), ECHO_API_KEY: 'sk-server' };
const BODY = JSON.stringify({ model: 'echo-1', messages: [{ role: 'user', content: 'hi' }] });

async function gatewayLogging(t: Test, level: string) {
  const lines: Array<{ level: number; msg: string }> = [];
  const { url } = await startGateway(t, PLUGIN, {
    providersDir: NO_PROVIDERS,
    logger: { level, stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
  });
  const chat = async (headers: Record<string, string>) =>
    (await fetch(`${url}/webapi/chat/echo`, { method: 'POST', headers, body: BODY })).text();
  return { lines, chat };
}

const access = (lines: Array<{ msg: string }>) =>
  lines.filter((line) => ['incoming request', 'request completed'].includes(line.msg));

t.test(
  'at info a chat that went well writes no access line; a refused one is logged',
  async (t) => {
    const { lines, chat } = await gatewayLogging(t, 'info');
    await chat(await authHeader({}));
    t.same(access(lines), [], 'no access line');
    const before = lines.length;
    await chat({ 'content-type': 'application/json' });
    t.ok(
      lines.slice(before).some((line) => line.level >= 30),
      'the refused request is logged',
    );
  },
);

t.test('at debug the access lines are written', async (t) => {
  const { lines, chat } = await gatewayLogging(t, 'debug');
  await chat(await authHeader({}));
  t.same(
    access(lines).map((line) => line.msg),
    ['incoming request', 'request completed'],
  );
});
