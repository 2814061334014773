import { connect } from 'node:net';
import t, { type Test } from 'tap';
import { startGateway } from '../helpers/gateway.js';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Send the chunks over a fresh socket and read the answer until the server closes it. */
function rawRequest(port: number, chunks: string[]): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    socket.on('data', (chunk) => received.push(chunk));
    socket.on('error', () => {}); // a reset after the answer is fine; the answer is what counts
    socket.on('close', () => {
      const text = Buffer.concat(received).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      if (split < 0) return reject(new Error(`no HTTP answer: ${JSON.stringify(text)}`));
      const [statusLine = '', ...lines] = text.slice(0, split).split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: text.slice(split + 4),
      });
    });
    for (const chunk of chunks) socket.write(chunk);
  });
}

/** A listening gateway with short header and request timeouts; its port. */
async function listening(t: Test): Promise<number> {
  const { app } = await startGateway(t, {}, { listen: false });
  // short timeouts so a slow request is refused within the test (Node checks every interval)
  app.server.headersTimeout = 300;
  app.server.requestTimeout = 600;
  (app.server as unknown as { connectionsCheckingInterval: number }).connectionsCheckingInterval =
    50;
  await app.listen({ host: '127.0.0.1', port: 0 });
  return (app.server.address() as { port: number }).port;
}

/** Assert the CONTRACT §7 body with the given status and errorType. */
function assertRefusal(t: Test, answer: RawAnswer, status: number, errorType: string | number) {
  t.equal(answer.status, status, 'status');
  t.match(answer.headers['content-type'], /^application\/json/, 'a JSON answer');
  const payload = JSON.parse(answer.body);
  t.equal(payload.errorType, errorType, 'errorType');
  t.type(payload.body.message, 'string', 'a message');
  t.ok(payload.body.message.length > 0, 'a non-empty message');
  return payload;
}

t.test('a malformed percent-escape in the URL is 400 BadRequest naming the URL', async (t) => {
  const port = await listening(t);
  for (const path of ['/webapi/models/%zz', '/webapi/chat/%E0%A4%A']) {
    const answer = await rawRequest(port, [
      `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    ]);
    const payload = assertRefusal(t, answer, 400, 'BadRequest');
    t.equal(payload.body.field, 'url');
  }
});

t.test('a provider id over 100 characters is 400 BadRequest naming the provider', async (t) => {
  const port = await listening(t);
  for (const length of [101, 150, 5000]) {
    const answer = await rawRequest(port, [
      `GET /webapi/models/${'a'.repeat(length)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
    ]);
    const payload = assertRefusal(t, answer, 400, 'BadRequest');
    t.equal(payload.body.field, 'provider', `${length} characters`);
  }
});

t.test('headers larger than the limit are 431 with the error body, then closed', async (t) => {
  const port = await listening(t);
  const answer = await rawRequest(port, [
    `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
  ]);
  assertRefusal(t, answer, 431, 431);
  t.equal(answer.headers.connection, 'close');
});

t.test('malformed HTTP framing is 400 BadRequest with the error body, then closed', async (t) => {
  const port = await listening(t);
  for (const request of [
    'HELLO WORLD\r\n\r\n',
    'GET /health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n',
    'POST /health HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
  ]) {
    const answer = await rawRequest(port, [request]);
    assertRefusal(t, answer, 400, 'BadRequest');
    t.equal(answer.headers.connection, 'close', JSON.stringify(request.slice(0, 20)));
  }
});

t.test('headers that do not arrive in time are 408 with the error body', async (t) => {
  const port = await listening(t);
  // the header block never ends
  const answer = await rawRequest(port, ['GET /health HTTP/1.1\r\nHost: x\r\n']);
  assertRefusal(t, answer, 408, 408);
  t.equal(answer.headers.connection, 'close');
});

t.test('an HTTP/1.1 request without Host is 400 BadRequest with a body', async (t) => {
  const port = await listening(t);
  const answer = await rawRequest(port, ['GET /health HTTP/1.1\r\n\r\n']);
  const payload = assertRefusal(t, answer, 400, 'BadRequest');
  t.equal(payload.body.field, 'headers.host');
  t.equal(answer.headers.connection, 'close');

  const old = await rawRequest(port, ['GET /health HTTP/1.0\r\n\r\n']);
  t.equal(old.status, 200, 'HTTP/1.0 needs no Host');
});

t.test('an unknown Expect is 417 with a body; 100-continue still works', async (t) => {
  const port = await listening(t);
  const answer = await rawRequest(port, [
    'GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\nExpect: something-else\r\n\r\n',
  ]);
  const payload = assertRefusal(t, answer, 417, 417);
  t.equal(payload.body.field, 'headers.expect');

  const body = JSON.stringify({ model: 'x' });
  const continued = await rawRequest(port, [
    `POST /webapi/models/openai/pull HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nExpect: 100-continue\r\n\r\n`,
    body,
  ]);
  t.equal(continued.status, 100, 'the interim 100 Continue comes first');
  t.match(continued.body, /^HTTP\/1\.1 401 /, 'then the real answer (no token here)');
});
