import t from 'tap';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { authHeader, parseEventStream, startGateway } from '../helpers/gateway.js';
import { NO_PROVIDERS, PLUGINS } from '../helpers/paths.js';
import { echoLog } from '../fixtures/plugins/provider-echo/index.js';

const ENV = { MANIFOLD_PLUGINS: join(PLUGINS, 'provider-echo'), ECHO_API_KEY: 'sk-server' };
const chat = (model: string, content = 'hello big world') => ({
  model,
  messages: [{ role: 'user', content }],
});

async function post(url: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(url, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

t.test('GET /health answers ok with the version', async (t) => {
  const { url } = await startGateway(t, ENV, { providersDir: NO_PROVIDERS });
  const response = await fetch(`${url}/health`);
  t.equal(response.status, 200);
  t.match(await response.json(), { ok: true, version: /^\d+\.\d+\.\d+/ });
});

t.test('a chat streams the exact CONTRACT §4 events with the stream headers', async (t) => {
  const { url } = await startGateway(t, ENV, { providersDir: NO_PROVIDERS });
  const { status, headers, text } = await post(
    `${url}/webapi/chat/echo`,
    chat('echo-1'),
    await authHeader(),
  );
  t.equal(status, 200);
  t.equal(headers.get('content-type'), 'text/event-stream; charset=utf-8');
  t.equal(headers.get('cache-control'), 'no-cache');
  t.equal(headers.get('x-accel-buffering'), 'no');
  const events = parseEventStream(text);
  t.same(
    events.map((e) => [e.id, e.event]),
    [
      ['echo_1', 'text'],
      ['echo_1', 'text'],
      ['echo_1', 'text'],
      ['echo_1', 'stop'],
      ['echo_1', 'usage'],
      ['output_speed', 'speed'],
    ],
  );
  t.same(
    events.slice(0, 3).map((e) => e.data),
    ['hello ', 'big ', 'world'],
  );
  t.same(events[4]!.data, { totalInputTokens: 3, totalOutputTokens: 3, totalTokens: 6 });
  t.match(events[5]!.data, { ttft: Number, tps: Number });
  t.match(
    text,
    /^id: echo_1\nevent: text\ndata: "hello "\n\n/,
    'framing is id, event, data and a blank line',
  );
});

t.test(
  'the path provider wins over the body and the server key is used without a token key',
  async (t) => {
    const { url } = await startGateway(t, ENV, { providersDir: NO_PROVIDERS });
    await post(
      `${url}/webapi/chat/echo`,
      { ...chat('echo-1'), provider: 'other' },
      await authHeader(),
    );
    t.equal(echoLog.requests.at(-1)!.provider, 'echo');
    t.equal(echoLog.options.at(-1)!.apiKey, 'sk-server');
  },
);

t.test('a key in the token wins over the server key, and its base URL is normalised', async (t) => {
  const { url } = await startGateway(t, ENV, { providersDir: NO_PROVIDERS });
  await post(
    `${url}/webapi/chat/echo`,
    chat('echo-1'),
    await authHeader({ apiKey: 'sk-user', baseURL: 'http://10.1.2.3:8000/' }),
  );
  t.match(echoLog.options.at(-1), {
    apiKey: 'sk-user',
    baseURL: 'http://10.1.2.3:8000/v1',
    customBaseURL: true,
  });
});

t.test('?format=json answers one final result with the stream id', async (t) => {
  const { url } = await startGateway(t, ENV, { providersDir: NO_PROVIDERS });
  const { status, text } = await post(
    `${url}/webapi/chat/echo?format=json`,
    chat('echo-1', 'a b'),
    await authHeader(),
  );
  t.equal(status, 200);
  t.match(JSON.parse(text), {
    id: 'echo_1',
    text: 'a b',
    stop: 'stop',
    usage: { totalTokens: 5 },
    speed: { ttft: Number },
  });
});

t.test('an upstream refusal is an HTTP error with the status mapping, never a 200', async (t) => {
  const { url } = await startGateway(t, ENV, { providersDir: NO_PROVIDERS });
  const { status, text } = await post(
    `${url}/webapi/chat/echo`,
    chat('echo-refuse'),
    await authHeader(),
  );
  t.equal(status, 429);
  t.same(JSON.parse(text), {
    errorType: 'QuotaLimitReached',
    body: { provider: 'echo', message: 'no more' },
  });
});

t.test('?format=json turns an error inside the stream into the HTTP error', async (t) => {
  const { url } = await startGateway(t, ENV, { providersDir: NO_PROVIDERS });
  const { status, text } = await post(
    `${url}/webapi/chat/echo?format=json`,
    chat('echo-fail'),
    await authHeader(),
  );
  t.equal(status, 471);
  t.match(JSON.parse(text), { errorType: 'ProviderBizError', body: { message: 'broke' } });
});

t.test(
  'an error after content is one error event with the stream id, and the stream closes',
  async (t) => {
    const { url } = await startGateway(t, ENV, { providersDir: NO_PROVIDERS });
    const { text } = await post(`${url}/webapi/chat/echo`, chat('echo-fail'), await authHeader());
    const events = parseEventStream(text);
    t.same(
      events.map((e) => e.event),
      ['text', 'error'],
    );
    t.match(events[1], {
      id: 'echo_1',
      data: { type: 'ProviderBizError', message: 'broke', body: { provider: 'echo' } },
    });
  },
);

t.test('an upstream that ends early yields an unexpected_end error instead of stop', async (t) => {
  const { url } = await startGateway(t, ENV, { providersDir: NO_PROVIDERS });
  const events = parseEventStream(
    (await post(`${url}/webapi/chat/echo`, chat('echo-cut'), await authHeader())).text,
  );
  t.same(
    events.map((e) => e.event),
    ['text', 'text', 'text', 'error'],
  );
  t.match(events[3]!.data, { type: 'ProviderBizError', body: { reason: 'unexpected_end' } });
});

t.test('a missing provider key is 401 InvalidProviderAPIKey', async (t) => {
  const { url } = await startGateway(
    t,
    { MANIFOLD_PLUGINS: ENV.MANIFOLD_PLUGINS },
    { providersDir: NO_PROVIDERS },
  );
  const { status, text } = await post(
    `${url}/webapi/chat/echo`,
    chat('echo-1'),
    await authHeader(),
  );
  t.equal(status, 401);
  t.equal(JSON.parse(text).errorType, 'InvalidProviderAPIKey');
});

t.test('an unknown provider is 404', async (t) => {
  const { url } = await startGateway(t, ENV, { providersDir: NO_PROVIDERS });
  const { status, text } = await post(`${url}/webapi/chat/nope`, chat('x'), await authHeader());
  t.equal(status, 404);
  t.match(JSON.parse(text), { errorType: 404, body: { message: /Unknown provider/ } });
});

t.test('a client that disconnects aborts the upstream at once', async (t) => {
  const { url } = await startGateway(t, ENV, { providersDir: NO_PROVIDERS });
  const before = echoLog.aborted;
  const headers = await authHeader();
  await new Promise<void>((resolve, reject) => {
    const req = httpRequest(`${url}/webapi/chat/echo`, { method: 'POST', headers }, (response) => {
      response.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', (error) =>
      error.message.includes('socket hang up') ? resolve() : reject(error),
    );
    req.end(JSON.stringify(chat('echo-slow', 'one two three four five six seven eight')));
  });
  const started = Date.now();
  while (echoLog.aborted === before && Date.now() - started < 1000)
    await new Promise((r) => setTimeout(r, 5));
  t.equal(echoLog.aborted, before + 1, 'the runtime saw the abort');
  t.ok(Date.now() - started < 200, 'within 200 ms of the disconnect');
});

t.test('the @fastify/sse writer produces the same stream', async (t) => {
  const { url } = await startGateway(t, ENV, { providersDir: NO_PROVIDERS, sseWriter: 'plugin' });
  const { status, headers, text } = await post(
    `${url}/webapi/chat/echo`,
    chat('echo-1'),
    await authHeader(),
  );
  t.equal(status, 200);
  t.equal(headers.get('content-type'), 'text/event-stream; charset=utf-8');
  t.same(
    parseEventStream(text).map((e) => e.event),
    ['text', 'text', 'text', 'stop', 'usage', 'speed'],
  );
});

t.test('GET /webapi/models/:provider lists remote models', async (t) => {
  const { url } = await startGateway(t, ENV, { providersDir: NO_PROVIDERS });
  const response = await fetch(`${url}/webapi/models/echo`, { headers: await authHeader() });
  t.equal(response.status, 200);
  t.same(await response.json(), {
    models: [{ id: 'echo-remote', type: 'chat', enabled: false, abilities: {}, source: 'remote' }],
  });
});
