/**
 * Issue 11: an upstream that never ends a line, sends a body that never ends, goes silent, drips
 * bytes, redirects or compresses its answer must not take the gateway down or hold its sockets;
 * every wire answers the same way (the contract's error body, `body.reason`), and the upstream
 * socket is closed.
 */
import t, { type Test } from 'tap';
import { gzipSync } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import { authHeader, parseEventStream, startGateway } from '../helpers/gateway.js';
import { startHostileUpstream, writeEndlessly } from '@manifold/provider-kit/fakes/hostile';
import { TEST_CREDENTIALS } from '@manifold/provider-kit/fakes/bedrock';
import { CLAUDE } from '../providers/bedrock/helpers.js';

/** How each wire is reached, and what a well-formed streamed and whole answer of it looks like. */
interface Wire {
  provider: string;
  model: string;
  /** The token's key-vault fields, given the upstream's origin. */
  token(origin: string): Record<string, string>;
  /** Content type of its streamed answer. */
  streamType: string;
  /** A complete streamed answer saying "Hi". */
  stream: string;
  /** A complete whole (stream: false) answer saying "Hi". */
  whole: string;
}

const sse = (events: unknown[]) =>
  events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('');
const anthropicSSE = (events: Array<{ type: string }>) =>
  events.map((event) => `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`).join('');

const WIRES: Wire[] = [
  {
    provider: 'openai',
    model: 'gpt-4o-mini',
    token: (origin) => ({ apiKey: 'sk-test-limits', baseURL: `${origin}/v1` }),
    streamType: 'text/event-stream',
    stream:
      sse([
        {
          id: 'c1',
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { content: 'Hi' } }],
        },
        {
          id: 'c1',
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
        },
      ]) + 'data: [DONE]\n\n',
    whole: JSON.stringify({
      id: 'c1',
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Hi' }, finish_reason: 'stop' }],
    }),
  },
  {
    provider: 'anthropic',
    model: 'claude-sonnet-4-5-20250929',
    token: (origin) => ({ apiKey: 'sk-ant-test-limits', baseURL: origin }),
    streamType: 'text/event-stream',
    stream: anthropicSSE([
      {
        type: 'message_start',
        message: {
          id: 'msg_1',
          type: 'message',
          role: 'assistant',
          content: [],
          usage: { input_tokens: 1, output_tokens: 0 },
        },
      } as { type: string },
      { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } } as {
        type: string;
      },
      { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } } as {
        type: string;
      },
      { type: 'content_block_stop', index: 0 } as { type: string },
      {
        type: 'message_delta',
        delta: { stop_reason: 'end_turn' },
        usage: { output_tokens: 1 },
      } as { type: string },
      { type: 'message_stop' },
    ]),
    whole: JSON.stringify({
      id: 'msg_1',
      type: 'message',
      role: 'assistant',
      content: [{ type: 'text', text: 'Hi' }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 1, output_tokens: 1 },
    }),
  },
  {
    provider: 'google',
    model: 'gemini-2.5-flash',
    token: (origin) => ({ apiKey: 'AIzaTestLimitsKey0000000000000', baseURL: origin }),
    streamType: 'text/event-stream',
    stream: sse([
      { candidates: [{ content: { role: 'model', parts: [{ text: 'Hi' }] }, index: 0 }] },
      {
        candidates: [
          { content: { role: 'model', parts: [{ text: '' }] }, finishReason: 'STOP', index: 0 },
        ],
      },
    ]),
    whole: JSON.stringify({
      candidates: [
        { content: { role: 'model', parts: [{ text: 'Hi' }] }, finishReason: 'STOP', index: 0 },
      ],
    }),
  },
  {
    provider: 'ollama',
    model: 'llama3.2',
    token: (origin) => ({ baseURL: origin }),
    streamType: 'application/x-ndjson',
    stream:
      [
        { model: 'llama3.2', message: { role: 'assistant', content: 'Hi' }, done: false },
        {
          model: 'llama3.2',
          message: { role: 'assistant', content: '' },
          done: true,
          done_reason: 'stop',
        },
      ]
        .map((line) => JSON.stringify(line))
        .join('\n') + '\n',
    whole: JSON.stringify({
      model: 'llama3.2',
      message: { role: 'assistant', content: 'Hi' },
      done: true,
      done_reason: 'stop',
    }),
  },
];

const LINE_LIMIT = 64 * 1024;
const BODY_LIMIT = 256 * 1024;

async function setup(t: Test, env: Record<string, string> = {}) {
  const upstream = await startHostileUpstream(t);
  const { url } = await startGateway(t, {
    // each fault answered as it came, not retried (retries have their own tests)
    RETRY_MAX: '0',
    UPSTREAM_MAX_LINE_BYTES: String(LINE_LIMIT),
    UPSTREAM_MAX_BODY_BYTES: String(BODY_LIMIT),
    ...env,
  });
  const chat = async (wire: Wire, extra: Record<string, unknown> = {}, query = '') => {
    const response = await fetch(`${url}/webapi/chat/${wire.provider}${query}`, {
      method: 'POST',
      headers: await authHeader(wire.token(upstream.origin)),
      body: JSON.stringify({
        model: wire.model,
        messages: [{ role: 'user', content: 'Hi' }],
        ...extra,
      }),
    });
    const text = await response.text();
    return { status: response.status, text, headers: response.headers };
  };
  const health = async () => (await fetch(`${url}/health`)).status;
  return { upstream, url, chat, health };
}

/** The `error` event of a stream answer (there must be exactly one, and it must be last). */
function streamError(t: Test, text: string) {
  const events = parseEventStream(text);
  const errors = events.filter((event) => event.event === 'error');
  t.equal(errors.length, 1, 'one error event');
  t.equal(events.at(-1)?.event, 'error', 'the error ends the stream');
  return errors[0]?.data as { type: unknown; message: string; body: Record<string, unknown> };
}

const answerWith =
  (type: string, body: string | Buffer, headers: Record<string, string> = {}) =>
  (_request: unknown, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': type, ...headers });
    response.end(body);
  };

t.test(
  'every wire still works through the transport (the baseline of the cases below)',
  async (t) => {
    const { upstream, chat } = await setup(t);
    for (const wire of WIRES) {
      upstream.answer(answerWith(wire.streamType, wire.stream));
      const streamed = await chat(wire);
      t.equal(streamed.status, 200, `${wire.provider} streamed`);
      const events = parseEventStream(streamed.text);
      t.same(
        events.filter((event) => event.event === 'text').map((event) => event.data),
        ['Hi'],
        `${wire.provider} streamed text`,
      );
      upstream.answer(answerWith('application/json', wire.whole));
      const whole = await chat(wire, { stream: false }, '?format=json');
      t.equal(whole.status, 200, `${wire.provider} whole`);
      t.match(JSON.parse(whole.text), { text: 'Hi' }, `${wire.provider} whole text`);
    }
  },
);

t.test('a line that never ends is cut at UPSTREAM_MAX_LINE_BYTES on every wire', async (t) => {
  const { upstream, chat, health } = await setup(t);
  for (const wire of WIRES) {
    upstream.answer((_request, response) => {
      response.writeHead(200, { 'content-type': wire.streamType });
      writeEndlessly(
        response,
        wire.streamType.includes('ndjson') ? '{"x":"' : 'data: {"x":"',
        64 * 1024 * 1024,
      );
    });
    const started = Date.now();
    const { status, text } = await chat(wire);
    t.equal(status, 200, `${wire.provider}: the upstream had accepted the request`);
    const error = streamError(t, text);
    t.equal(error?.type, 'ProviderBizError', wire.provider);
    t.match(error?.body, { reason: 'line_too_long', limit: LINE_LIMIT, provider: wire.provider });
    t.ok(await upstream.allClosed(), `${wire.provider}: the upstream socket was closed`);
    t.ok(Date.now() - started < 10_000, `${wire.provider}: cut at once, not after 64 MiB`);
    t.equal(await health(), 200, 'the gateway still serves');
  }
});

t.test('an AWS event-stream frame longer than the limit is cut (Bedrock)', async (t) => {
  const { upstream, url } = await setup(t);
  upstream.answer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream' });
    // a prelude announcing a 1 GiB frame, then bytes that never complete it
    const prelude = Buffer.alloc(12);
    prelude.writeUInt32BE(1024 * 1024 * 1024, 0);
    response.write(prelude);
    writeEndlessly(response, 'x'.repeat(1024), 64 * 1024 * 1024);
  });
  const response = await fetch(`${url}/webapi/chat/bedrock`, {
    method: 'POST',
    headers: await authHeader({
      ...TEST_CREDENTIALS,
      region: 'us-east-1',
      baseURL: upstream.origin,
    }),
    body: JSON.stringify({ model: CLAUDE, messages: [{ role: 'user', content: 'Hi' }] }),
  });
  // The AWS SDK reads the first frame before it hands the stream over: an HTTP error, then.
  t.equal(response.status, 471);
  t.same(await response.json(), {
    errorType: 'ProviderBizError',
    body: {
      message: 'The provider sent a line longer than 64 KiB; the answer was cut off',
      reason: 'line_too_long',
      limit: LINE_LIMIT,
      setting: 'UPSTREAM_MAX_LINE_BYTES',
      provider: 'bedrock',
      endpoint: 'http://127.****.****.1:****',
    },
  });
  t.ok(await upstream.allClosed(), 'the upstream socket was closed');
});

t.test(
  'a whole answer larger than UPSTREAM_MAX_BODY_BYTES is an HTTP error on every wire',
  async (t) => {
    const { upstream, chat, health } = await setup(t);
    for (const wire of WIRES) {
      upstream.answer((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        writeEndlessly(
          response,
          '{"padding":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"},',
          64 * 1024 * 1024,
        );
      });
      const { status, text } = await chat(wire, { stream: false });
      t.equal(status, 471, wire.provider);
      t.match(JSON.parse(text), {
        errorType: 'ProviderBizError',
        body: { reason: 'response_too_large', limit: BODY_LIMIT, provider: wire.provider },
      });
      t.ok(await upstream.allClosed(), `${wire.provider}: the upstream socket was closed`);
    }
    t.equal(await health(), 200);
  },
);

t.test('a 5 MB error page comes back small, not twice', async (t) => {
  const { upstream, chat } = await setup(t);
  const page = `<html><head><title>502 Bad Gateway</title></head><body>${'<p>oops</p>'.repeat(500_000)}</body></html>`;
  for (const wire of WIRES) {
    upstream.answer((_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end(page);
    });
    const { status, text } = await chat(wire);
    t.ok(status >= 400, `${wire.provider}: an error status (${status})`);
    t.ok(text.length < 40_000, `${wire.provider}: the answer is ${text.length} bytes`);
    const occurrences = text.split('<p>oops</p>').length - 1;
    t.ok(occurrences < 3000, `${wire.provider}: the page is not repeated (${occurrences} pieces)`);
  }
});

t.test(
  '?format=json collects at most UPSTREAM_MAX_BODY_BYTES, then frees the upstream',
  async (t) => {
    const { upstream, chat } = await setup(t);
    const wire = WIRES[0]!;
    upstream.answer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = `data: ${JSON.stringify({ id: 'c1', choices: [{ index: 0, delta: { content: 'y'.repeat(4000) } }] })}\n\n`;
      writeEndlessly(response, chunk, 64 * 1024 * 1024);
    });
    const { status, text } = await chat(wire, {}, '?format=json');
    t.equal(status, 471);
    t.match(JSON.parse(text), {
      errorType: 'ProviderBizError',
      body: { reason: 'response_too_large', provider: 'openai' },
    });
    t.ok(await upstream.allClosed(), 'the upstream socket was closed');
  },
);

t.test('redirects are refused alike on every wire', async (t) => {
  const { upstream, chat } = await setup(t);
  upstream.answer((request, response) => {
    response.writeHead(302, { location: request.url ?? '/' });
    response.end();
  });
  for (const wire of WIRES) {
    const before = upstream.requests.length;
    const { status, text } = await chat(wire);
    t.equal(status, 471, wire.provider);
    t.match(JSON.parse(text), {
      errorType: 'ProviderBizError',
      body: { reason: 'redirect', status: 302, provider: wire.provider },
    });
    t.equal(
      upstream.requests.length - before,
      1,
      `${wire.provider}: the redirect was not followed`,
    );
  }
});

t.test('gzip-encoded answers are decoded on every wire', async (t) => {
  const { upstream, chat } = await setup(t);
  for (const wire of WIRES) {
    upstream.answer(
      answerWith(wire.streamType, gzipSync(wire.stream), { 'content-encoding': 'gzip' }),
    );
    const streamed = await chat(wire);
    t.same(
      parseEventStream(streamed.text)
        .filter((event) => event.event === 'text')
        .map((event) => event.data),
      ['Hi'],
      `${wire.provider} streamed`,
    );
    upstream.answer(
      answerWith('application/json', gzipSync(wire.whole), { 'content-encoding': 'gzip' }),
    );
    const whole = await chat(wire, { stream: false }, '?format=json');
    t.match(JSON.parse(whole.text), { text: 'Hi' }, `${wire.provider} whole`);
  }
});

t.test('a gzip bomb is cut at the body limit, counted after decoding', async (t) => {
  const { upstream, chat } = await setup(t);
  const bomb = gzipSync(Buffer.alloc(32 * 1024 * 1024, 0x20));
  t.ok(bomb.length < BODY_LIMIT, 'the compressed body is under the limit');
  upstream.answer(answerWith('application/json', bomb, { 'content-encoding': 'gzip' }));
  const { status, text } = await chat(WIRES[0]!, { stream: false });
  t.equal(status, 471);
  t.match(JSON.parse(text), { body: { reason: 'response_too_large' } });
});

t.test('timeouts: first byte, idle, drip and total', async (t) => {
  const { upstream, chat, health } = await setup(t, {
    UPSTREAM_FIRST_BYTE_TIMEOUT_MS: '400',
    UPSTREAM_IDLE_TIMEOUT_MS: '400',
    UPSTREAM_TOTAL_TIMEOUT_MS: '1500',
    CONNECTION_TIMEOUT_MS: '0',
  });
  const wire = WIRES[0]!;

  // never answers: an HTTP error before any stream, the same on every wire (the SDKs would turn
  // a failure that says "timeout" into their own bare timeout error, losing the reason)
  upstream.answer(() => undefined);
  for (const each of WIRES) {
    const silent = await chat(each);
    t.equal(silent.status, 504, `${each.provider}: no headers, 504`);
    t.match(JSON.parse(silent.text), {
      errorType: 504,
      body: { reason: 'first_byte_timeout', limit: 400, provider: each.provider },
    });
    t.ok(await upstream.allClosed(), `${each.provider}: the silent upstream was hung up on`);
  }

  // answers, sends one event, then goes quiet: one error event
  upstream.answer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write(
      `data: ${JSON.stringify({ id: 'c1', choices: [{ index: 0, delta: { content: 'Hi' } }] })}\n\n`,
    );
  });
  const stalled = await chat(wire);
  t.equal(stalled.status, 200);
  t.match(streamError(t, stalled.text), {
    type: 504,
    body: { reason: 'idle_timeout', limit: 400 },
  });
  t.ok(await upstream.allClosed(), 'the stalled upstream was hung up on');

  // drips a byte every 50 ms, never finishing a line: idle too, although bytes keep coming
  upstream.answer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const drip = setInterval(
      () => (response.destroyed ? clearInterval(drip) : response.write('x')),
      50,
    );
    response.on('close', () => clearInterval(drip));
  });
  const dripped = await chat(wire);
  t.match(streamError(t, dripped.text), { type: 504, body: { reason: 'idle_timeout' } });
  t.ok(await upstream.allClosed(), 'the dripping upstream was hung up on');

  // keeps sending whole lines, but for longer than the total
  upstream.answer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    const tick = setInterval(() => {
      if (response.destroyed) return clearInterval(tick);
      response.write(
        `data: ${JSON.stringify({ id: 'c1', choices: [{ index: 0, delta: { content: '.' } }] })}\n\n`,
      );
    }, 100);
    response.on('close', () => clearInterval(tick));
  });
  const endless = await chat(wire);
  const error = streamError(t, endless.text);
  t.match(error, { type: 504, body: { reason: 'total_timeout', limit: 1500 } });
  t.ok(
    parseEventStream(endless.text).some((event) => event.event === 'text'),
    'the text before the cut was delivered',
  );
  t.ok(await upstream.allClosed(), 'the endless upstream was hung up on');
  t.equal(await health(), 200);
});

t.test('stream headers arrive as soon as the upstream accepted, before any event', async (t) => {
  const { upstream, url } = await setup(t);
  const wire = WIRES[0]!;
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  upstream.answer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.flushHeaders();
    void released.then(() => response.end(wire.stream));
  });
  const answered = fetch(`${url}/webapi/chat/openai`, {
    method: 'POST',
    headers: await authHeader(wire.token(upstream.origin)),
    body: JSON.stringify({ model: wire.model, messages: [{ role: 'user', content: 'Hi' }] }),
  });
  const first = await Promise.race([
    answered.then((response) => response.status),
    new Promise((resolve) => setTimeout(() => resolve('no headers within 3 s'), 3000)),
  ]);
  t.equal(first, 200, 'the 200 came while the upstream had sent no event yet');
  release();
  const text = await (await answered).text();
  t.ok(text.includes('event: text'), 'the events follow');
});

t.test('an answer the gateway cannot read is StreamChunkError (502) on every wire', async (t) => {
  const { upstream, chat } = await setup(t);
  const cases: Array<{
    name: string;
    status: number;
    type?: string;
    body: string;
    stream: boolean;
  }> = [
    { name: 'a 204', status: 204, body: '', stream: false },
    { name: 'an empty 200', status: 200, type: 'application/json', body: '', stream: false },
    {
      name: 'a body that is not JSON',
      status: 200,
      type: 'application/json',
      body: 'not json',
      stream: false,
    },
    {
      name: 'a stream chunk that is not JSON',
      status: 200,
      type: 'text/event-stream',
      body: 'data: nope\n\n',
      stream: true,
    },
  ];
  for (const each of cases) {
    upstream.answer((_request, response) => {
      response.writeHead(each.status, each.type ? { 'content-type': each.type } : {});
      response.end(each.body);
    });
    for (const wire of WIRES) {
      for (const query of ['', '?format=json']) {
        const { status, text } = await chat(wire, { stream: each.stream }, query);
        const label = `${wire.provider}, ${each.name}${query}`;
        if (each.stream && query === '') {
          t.equal(status, 200, label);
          t.equal(streamError(t, text)?.type, 'StreamChunkError', label);
        } else {
          t.equal(status, 502, label);
          t.equal(JSON.parse(text).errorType, 'StreamChunkError', label);
        }
      }
    }
  }
});
