import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import t, { type Test } from 'tap';
import { signToken } from '@manifold/core/auth/token';
import { startGateway } from '../helpers/gateway.js';
import { fakeUpstream, TEST_KEY } from '../wires/openai/runtime-helpers.js';

interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string };
  [key: string]: unknown;
}

/** A gateway on the fake OpenAI whose log lines (debug and up) are kept. */
async function gatewayWithLogs(t: Test) {
  const fake = await fakeUpstream(t);
  const logs: LogLine[] = [];
  const { app } = await startGateway(
    t,
    { OPENAI_PROXY_URL: fake.baseURL, OPENAI_API_KEY: TEST_KEY },
    {
      logger: {
        level: 'debug',
        stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
      },
    },
  );
  const port = (app.server.address() as { port: number }).port;
  const open = (text: string): Socket => {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(text);
    return socket;
  };
  return { fake, logs, open };
}

/** Poll until `check` holds, or give up after 1.5 s (the assertions then tell). */
async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; waited < 1500 && !check(); waited += 20) await sleep(20);
}

const errorsIn = (logs: LogLine[]) => logs.filter((line) => line.level >= 50);

t.test('an upload cut half-way is logged as a disconnect, not as an error', async (t) => {
  const { logs, open } = await gatewayWithLogs(t);
  const token = await signToken({});
  const socket = open(
    `POST /webapi/chat/openai HTTP/1.1\r\nHost: x\r\nx-manifold-auth: ${token}\r\n` +
      `content-type: application/json\r\ncontent-length: 1000\r\n\r\n{"model":"gpt-4o-mini","mess`,
  );
  await until(() => logs.some((line) => line.msg === 'incoming request'));
  socket.destroy();
  await until(
    () => logs.some((line) => line.msg === 'client disconnected') || errorsIn(logs).length > 0,
  );
  t.same(errorsIn(logs), [], 'no line at error level or above');
  const disconnect = logs.find((line) => line.msg === 'client disconnected');
  t.ok(disconnect, 'the disconnect is logged');
  t.ok(disconnect!.level <= 30, 'at info or below');
  t.notOk(JSON.stringify(disconnect).includes('stack'), 'without a stack trace');
});

t.test('leaving the models, embeddings, images or chat route mid-call logs no error', async (t) => {
  const { fake, logs, open } = await gatewayWithLogs(t);
  const token = await signToken({});
  const calls: Array<[string, string, string]> = [
    ['GET', '/webapi/models/openai', ''],
    [
      'POST',
      '/webapi/embeddings/openai',
      JSON.stringify({ model: 'text-embedding-3-small', input: 'hi' }),
    ],
    [
      'POST',
      '/webapi/text-to-image/openai',
      JSON.stringify({ model: 'gpt-image-1', prompt: 'a cat' }),
    ],
    [
      'POST',
      '/webapi/chat/openai',
      JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    ],
  ];
  for (const [method, path, body] of calls) {
    fake.reply({ kind: 'hang' });
    const reached = fake.requests.length + 1;
    const logged = logs.length;
    const headers = body
      ? `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`
      : '';
    const socket = open(
      `${method} ${path} HTTP/1.1\r\nHost: x\r\nx-manifold-auth: ${token}\r\n${headers}\r\n${body}`,
    );
    await until(() => fake.requests.length >= reached);
    t.equal(fake.requests.length, reached, `${path} reached the upstream`);
    const reqId = logs
      .slice(logged)
      .find(
        (line) => line.msg === 'incoming request' && (line.req as { url: string }).url === path,
      )?.reqId;
    socket.destroy();
    await fake.waitForClientClose();
    // Wait for the gateway to finish the request; its error, if any, may come well after the
    // upstream saw the close. (The routes that hijack log no end: there the wait runs out.)
    await until(() =>
      logs.some(
        (line) =>
          line.reqId === reqId &&
          (line.level >= 50 || ['client disconnected', 'request completed'].includes(line.msg)),
      ),
    );
    t.same(errorsIn(logs.slice(logged)), [], `${path}: no line at error level or above`);
  }
});
