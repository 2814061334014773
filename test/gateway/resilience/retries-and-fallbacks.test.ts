/**
 * Retries and fallbacks (CONTRACT §10) through `POST /webapi/chat/:provider`, with failures scripted
 * on the fake upstreams: what is retried, what falls back, what neither, and that nothing is retried
 * once the stream began or after the client left.
 */
import t from 'tap';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { parseEventStream } from '../../helpers/gateway.js';
import {
  ANTHROPIC_KEY,
  ask,
  CLAUDE,
  modelsAsked,
  OPENAI_KEY,
  resilientGateway,
  until,
} from './helpers.js';

const retryLines = (lines: Array<Record<string, unknown>>) =>
  lines.filter((line) => line.msg === 'upstream refused the chat; retrying');

t.test(
  'a 429 with Retry-After is retried after the wait it asked for, then answered',
  async (t) => {
    const { openai, chat, lines } = await resilientGateway(t);
    openai.reply({
      kind: 'error',
      status: 429,
      code: 'rate_limit_exceeded',
      headers: { 'retry-after': '0' },
    });

    const { status, headers, text } = await chat(ask());

    t.equal(status, 200);
    t.equal(headers.get('x-manifold-route'), 'openai/gpt-4o-mini');
    t.same(
      parseEventStream(text)
        .filter((event) => event.event === 'text')
        .map((event) => event.data),
      ['Hello', ' from', ' the fake.'],
    );
    t.equal(openai.requests.length, 2, 'asked twice: the 429, then the answer');
    t.match(retryLines(lines), [
      { route: 'openai/gpt-4o-mini', attempt: 1, status: 429, errorType: 'ProviderBizError' },
    ]);
    t.equal(retryLines(lines)[0]!.delayMs, 0, "the wait is the upstream's Retry-After: 0 s");
  },
);

t.test(
  'a 503 three times is retried twice with backoff, then the next model of FALLBACKS answers',
  async (t) => {
    const { openai, chat, lines } = await resilientGateway(t, {
      FALLBACKS: JSON.stringify({ 'openai/gpt-4o-mini': ['openai/gpt-4o'] }),
    });
    for (let i = 0; i < 3; i++) openai.reply({ kind: 'error', status: 503 });

    const { status, headers } = await chat(ask());

    t.equal(status, 200);
    t.equal(headers.get('x-manifold-route'), 'openai/gpt-4o');
    t.same(modelsAsked(openai), ['gpt-4o-mini', 'gpt-4o-mini', 'gpt-4o-mini', 'gpt-4o']);
    const delays = retryLines(lines).map((line) => line.delayMs as number);
    t.equal(delays.length, 2, 'RETRY_MAX (default 2) retries');
    t.ok(delays[0]! >= 125 && delays[0]! <= 250, `first backoff in 125–250 ms: ${delays[0]}`);
    t.ok(delays[1]! >= 250 && delays[1]! <= 500, `second backoff in 250–500 ms: ${delays[1]}`);
  },
);

t.test(
  "a fallback crosses wire families: OpenAI refuses, Anthropic answers with the server's key",
  async (t) => {
    const { openai, anthropic, chat } = await resilientGateway(t, { RETRY_MAX: '1' });
    for (let i = 0; i < 2; i++)
      openai.reply({ kind: 'error', status: 502, headers: { 'retry-after': '0' } });

    const { status, headers, text } = await chat(
      ask('gpt-4o-mini', { fallbacks: [`anthropic/${CLAUDE}`] }),
    );

    t.equal(status, 200);
    t.equal(headers.get('x-manifold-route'), `anthropic/${CLAUDE}`);
    const events = parseEventStream(text);
    t.same(
      events.filter((event) => event.event === 'text').map((event) => event.data),
      ['Hello', ' from', ' the fake.'],
    );
    t.same(
      events.slice(-3).map((event) => event.event),
      ['stop', 'usage', 'speed'],
    );
    t.equal(openai.requests.length, 2, 'the OpenAI model was tried and retried once');
    t.equal(anthropic.requests.length, 1);
    t.match(anthropic.lastRequest()!.body, { model: CLAUDE, stream: true });
    t.equal(anthropic.lastRequest()!.headers['x-api-key'], ANTHROPIC_KEY);
    t.notOk(JSON.stringify(anthropic.lastRequest()!.body).includes('fallbacks'));
  },
);

t.test('a 401 falls back to the next model at once, without a retry', async (t) => {
  const { openai, anthropic, chat } = await resilientGateway(t, {
    FALLBACKS: JSON.stringify({ 'openai/gpt-4o-mini': [`anthropic/${CLAUDE}`] }),
  });
  openai.reply({ kind: 'error', status: 401, code: 'invalid_api_key' });

  const { status, headers } = await chat(ask());

  t.equal(status, 200);
  t.equal(headers.get('x-manifold-route'), `anthropic/${CLAUDE}`);
  t.equal(openai.requests.length, 1);
  t.equal(anthropic.requests.length, 1);
});

t.test("an upstream 400 is not retried: one call, the provider's error answered", async (t) => {
  const { openai, chat } = await resilientGateway(t);
  openai.reply({
    kind: 'error',
    status: 400,
    code: null,
    type: 'invalid_request_error',
    message: "Invalid value for 'temperature'",
  });

  const { status, text } = await chat(ask());

  t.equal(status, 471);
  t.match(JSON.parse(text), { errorType: 'ProviderBizError', body: { provider: 'openai' } });
  t.equal(openai.requests.length, 1);
});

t.test("the gateway's own 400 neither retries nor falls back", async (t) => {
  const { openai, anthropic, chat } = await resilientGateway(t, {
    FALLBACKS: JSON.stringify({ 'openai/gpt-4o-mini': [`anthropic/${CLAUDE}`] }),
  });
  let parameters: Record<string, unknown> = { type: 'string' };
  for (let depth = 0; depth < 70; depth++)
    parameters = { type: 'object', properties: { a: parameters } };
  const tools = [{ type: 'function', function: { name: 'deep', parameters } }];

  const deep = await chat(ask('gpt-4o-mini', { tools }));
  const unknown = await chat(ask('gpt-4o-mini', { fallbacks: ['nope/model'] }));

  t.equal(deep.status, 400);
  t.match(JSON.parse(deep.text), { errorType: 'BadRequest', body: { field: /^tools/ } });
  t.equal(unknown.status, 400);
  t.match(JSON.parse(unknown.text), {
    errorType: 'BadRequest',
    body: { field: 'fallbacks.0', message: /unknown provider "nope"/ },
  });
  t.equal(openai.requests.length + anthropic.requests.length, 0, 'no upstream was called');
});

t.test(
  'a failure after the first event is not retried nor fallen back: the stream ends in its error event',
  async (t) => {
    const { openai, anthropic, chat } = await resilientGateway(t, {
      FALLBACKS: JSON.stringify({ 'openai/gpt-4o-mini': [`anthropic/${CLAUDE}`] }),
    });
    openai.reply({
      kind: 'chunks',
      chunks: [
        {
          id: 'c1',
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { content: 'Hel' } }],
        },
      ],
      dropAfter: 1,
      done: false,
    });

    const { status, headers, text } = await chat(ask());

    t.equal(status, 200);
    t.equal(headers.get('x-manifold-route'), 'openai/gpt-4o-mini');
    const events = parseEventStream(text);
    t.same(events[0], { id: 'c1', event: 'text', data: 'Hel' });
    t.equal(events.at(-1)!.event, 'error');
    t.equal(openai.requests.length, 1);
    t.equal(anthropic.requests.length, 0);
  },
);

t.test('a client that leaves during the backoff stops the retries at once', async (t) => {
  // a backoff that ignored the abort would hold the chat 10 s, past this test's time
  t.setTimeout(8000);
  const { url, openai, chat, lines } = await resilientGateway(t);
  openai.reply({ kind: 'error', status: 503, headers: { 'retry-after': '60' } });
  const client = new AbortController();

  const answer = chat(ask(), { signal: client.signal }).catch((error: Error) => error);
  await until(() => retryLines(lines).length === 1);
  t.equal(retryLines(lines)[0]!.delayMs, 10_000, 'a longer Retry-After is cut to 10 s');
  client.abort();

  t.match(await answer, { name: 'AbortError' });
  await until(async () =>
    (await (await fetch(`${url}/metrics`)).text()).includes(
      'manifold_requests_total{route="/webapi/chat/:provider",provider="openai",model="gpt-4o-mini",status="499"} 1',
    ),
  );
  t.equal(openai.requests.length, 1, 'no retry was sent');
});

t.test(
  "a caller let in only by their own key does not reach the server's keys through a fallback",
  async (t) => {
    const { openai, anthropic, chat } = await resilientGateway(t, {
      ACCESS_CODE: 'open-sesame',
      FALLBACKS: JSON.stringify({
        'openai/gpt-4o-mini': ['openai/gpt-4o', `anthropic/${CLAUDE}`],
      }),
    });
    // both OpenAI models refuse the key, for each of the two callers
    for (let i = 0; i < 4; i++)
      openai.reply({ kind: 'error', status: 401, code: 'invalid_api_key' });

    const own = await chat(ask(), { token: { apiKey: 'sk-own-0123456789abcdef' } });
    const coded = await chat(ask(), {
      token: { apiKey: 'sk-own-0123456789abcdef', accessCode: 'open-sesame' },
    });

    t.equal(own.status, 401, "the caller's own key was refused, and no other was tried");
    t.same(
      openai.requests.slice(0, 2).map((request) => request.headers.authorization),
      ['Bearer sk-own-0123456789abcdef', 'Bearer sk-own-0123456789abcdef'],
      'the same provider, another model: still the caller key',
    );
    t.equal(coded.status, 200, 'with the access code, the fallback to Anthropic is allowed');
    t.equal(coded.headers.get('x-manifold-route'), `anthropic/${CLAUDE}`);
    t.equal(anthropic.requests.length, 1);
    t.notOk(
      openai.requests.some((request) => request.headers.authorization === `Bearer ${OPENAI_KEY}`),
    );
  },
);

t.test('?format=json names the model that answered in X-Manifold-Route too', async (t) => {
  const { openai, chat } = await resilientGateway(t);
  openai.reply({ kind: 'error', status: 500, headers: { 'retry-after': '0' } });

  const { status, headers, text } = await chat(ask(), { query: '?format=json' });

  t.equal(status, 200);
  t.equal(headers.get('x-manifold-route'), 'openai/gpt-4o-mini');
  t.match(JSON.parse(text), { text: 'Hello from the fake.' });
});

/** A loopback port nothing listens on (a server's, closed again). */
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

t.test(
  'connection failures (refused, reset before an answer) are retried, then the fallback answers',
  async (t) => {
    // a server that takes each connection and drops it before any answer
    const dropped: Socket[] = [];
    const resetting = createServer((socket) => {
      dropped.push(socket);
      socket.destroy();
    });
    await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
    t.teardown(() => new Promise<void>((resolve) => resetting.close(() => resolve())));
    const resetPort = (resetting.address() as AddressInfo).port;

    for (const [name, port] of [
      ['refused', await deadPort()],
      ['reset', resetPort],
    ] as const) {
      const { anthropic, chat, lines } = await resilientGateway(t, {
        OPENAI_PROXY_URL: `http://127.0.0.1:${port}/v1`,
        FALLBACKS: JSON.stringify({ 'openai/gpt-4o-mini': [`anthropic/${CLAUDE}`] }),
      });

      const { status, headers } = await chat(ask());

      t.equal(status, 200, name);
      t.equal(headers.get('x-manifold-route'), `anthropic/${CLAUDE}`, name);
      t.equal(retryLines(lines).length, 2, `${name}: RETRY_MAX retries of the OpenAI model`);
      t.match(retryLines(lines)[0], {
        route: 'openai/gpt-4o-mini',
        errorType: 'AgentRuntimeError',
      });
      t.equal(anthropic.requests.length, 1, name);
    }
    t.equal(dropped.length, 3, 'the resetting server saw the call and its two retries');
  },
);
