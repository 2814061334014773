/**
 * Issue 11: a slow or silent client cannot hold a connection forever, and the gateway keeps a
 * bounded number of them (REQUEST_TIMEOUT_MS, CONNECTION_TIMEOUT_MS, KEEP_ALIVE_TIMEOUT_MS,
 * MAX_CONNECTIONS), each answered as the contract says when there is still someone to answer.
 */
import t from 'tap';
import { connect, type Socket } from 'node:net';
import { ConfigError, loadConfig } from '@manifold/gateway/config';
import { DEFAULT_UPSTREAM_LIMITS } from '@manifold/core/protocol/limits';
import { startGateway } from '../helpers/gateway.js';

/** A raw client socket: what it received, and when it was closed. */
async function rawClient(url: string) {
  const { port } = new URL(url);
  const socket: Socket = connect(Number(port), '127.0.0.1');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => {
    const opened = Date.now();
    socket.on('close', () => resolve(Date.now() - opened));
  });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, received: () => received, closed };
}

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([
    promise,
    new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms)),
  ]);

t.test('a client that sends its body too slowly gets 408 and is disconnected', async (t) => {
  const { url } = await startGateway(t, { REQUEST_TIMEOUT_MS: '500' });
  const client = await rawClient(url);
  client.socket.write(
    'POST /webapi/chat/openai HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: 1000\r\n\r\n{"mo',
  );
  const drip = setInterval(() => !client.socket.destroyed && client.socket.write('d'), 100);
  t.teardown(() => clearInterval(drip));
  const closedAfter = await within(client.closed, 5000);
  clearInterval(drip);
  t.type(closedAfter, 'number', 'the connection was closed');
  t.match(client.received(), /^HTTP\/1\.1 408 /, 'answered 408');
  const body = client.received().split('\r\n\r\n')[1] ?? '';
  t.match(
    JSON.parse(body),
    { errorType: 408, body: { message: String } },
    'with the contract body',
  );
});

t.test('a connection with no traffic is closed after CONNECTION_TIMEOUT_MS', async (t) => {
  const { url } = await startGateway(t, {
    REQUEST_TIMEOUT_MS: '0',
    CONNECTION_TIMEOUT_MS: '500',
    UPSTREAM_FIRST_BYTE_TIMEOUT_MS: '400',
  });
  const client = await rawClient(url);
  client.socket.write('GET /health HTTP/1.1\r\nhost: 127');
  const closedAfter = await within(client.closed, 5000);
  t.type(closedAfter, 'number', 'the half-sent request did not hold the connection');
  t.ok((closedAfter as number) >= 400, `not before the timeout (${closedAfter} ms)`);
});

t.test('an idle keep-alive connection is closed after KEEP_ALIVE_TIMEOUT_MS', async (t) => {
  const { url } = await startGateway(t, { KEEP_ALIVE_TIMEOUT_MS: '300' });
  const client = await rawClient(url);
  client.socket.write('GET /health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n');
  const closedAfter = await within(client.closed, 5000);
  t.match(client.received(), /^HTTP\/1\.1 200 /, 'the request was answered');
  t.type(closedAfter, 'number', 'then the idle connection was closed');
});

t.test('connections past MAX_CONNECTIONS are refused, the others keep working', async (t) => {
  const { url } = await startGateway(t, { MAX_CONNECTIONS: '2' });
  const first = await rawClient(url);
  const second = await rawClient(url);
  // the server counts a connection once it accepted it: wait for both to be served once
  for (const client of [first, second])
    client.socket.write('GET /health HTTP/1.1\r\nhost: x\r\n\r\n');
  await new Promise((resolve) => setTimeout(resolve, 200));
  const third = await rawClient(url);
  third.socket.write('GET /health HTTP/1.1\r\nhost: x\r\n\r\n');
  t.type(await within(third.closed, 3000), 'number', 'the third connection was dropped');
  t.equal(third.received(), '', 'without an answer');
  first.socket.write('GET /health HTTP/1.1\r\nhost: x\r\n\r\n');
  await new Promise((resolve) => setTimeout(resolve, 200));
  t.equal(first.received().match(/HTTP\/1\.1 200/g)?.length, 2, 'a kept connection still works');
  first.socket.destroy();
  second.socket.destroy();
});

t.test('limits and timeouts are read from the environment and checked', async (t) => {
  const config = loadConfig({});
  t.same(config.upstream, DEFAULT_UPSTREAM_LIMITS, 'defaults');
  t.equal(config.requestTimeoutMs, 120_000);
  t.equal(config.connectionTimeoutMs, 600_000);
  t.equal(config.keepAliveTimeoutMs, 72_000);
  t.equal(config.maxConnections, 4096);
  const set = loadConfig({
    UPSTREAM_MAX_LINE_BYTES: '2048',
    UPSTREAM_MAX_BODY_BYTES: '4096',
    UPSTREAM_CONNECT_TIMEOUT_MS: '1',
    UPSTREAM_FIRST_BYTE_TIMEOUT_MS: '2',
    UPSTREAM_IDLE_TIMEOUT_MS: '3',
    UPSTREAM_TOTAL_TIMEOUT_MS: '0',
  });
  t.same(set.upstream, {
    maxLineBytes: 2048,
    maxBodyBytes: 4096,
    connectTimeoutMs: 1,
    firstByteTimeoutMs: 2,
    idleTimeoutMs: 3,
    totalTimeoutMs: 0,
  });
  t.throws(() => loadConfig({ UPSTREAM_MAX_LINE_BYTES: '8MB' }), ConfigError);
  t.throws(() => loadConfig({ UPSTREAM_MAX_LINE_BYTES: '10' }), /between 1024/);
  t.throws(() => loadConfig({ UPSTREAM_IDLE_TIMEOUT_MS: '0' }), /between 1/);
  t.throws(
    () => loadConfig({ UPSTREAM_FIRST_BYTE_TIMEOUT_MS: '5000', CONNECTION_TIMEOUT_MS: '4000' }),
    /CONNECTION_TIMEOUT_MS must be 0 or larger than UPSTREAM_FIRST_BYTE_TIMEOUT_MS/,
  );
  t.equal(loadConfig({ CONNECTION_TIMEOUT_MS: '0' }).connectionTimeoutMs, 0, '0 turns it off');
});
