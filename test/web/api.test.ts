import t from 'tap';
import { verifyToken } from '@manifold/core/auth/token';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import {
  fetchProviders,
  fetchRemoteModels,
  openChatStream,
  type FetchImpl,
} from '../../web/src/lib/api.js';
import { ChatFetchError } from '../../web/src/lib/api-error.js';
import { getServerClockOffset, setServerClockOffset } from '../../web/src/lib/auth-token.js';

const request = { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] } as ChatRequest;

interface Call {
  url: string;
  init: RequestInit | undefined;
}

/** A fetch answering from a list of responses (or errors), recording each call. */
function fakeFetch(answers: (Response | Error)[]): FetchImpl & { calls: Call[] } {
  const calls: Call[] = [];
  const impl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const answer = answers.shift();
    if (!answer) throw new Error('unexpected call');
    if (answer instanceof Error) throw answer;
    return answer;
  }) as FetchImpl & { calls: Call[] };
  impl.calls = calls;
  return impl;
}

/** A streamed body from text chunks. */
function sse(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

async function collect(stream: AsyncGenerator<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

t.afterEach(() => setServerClockOffset(0));

t.test('fetchProviders reads the manifest list', async (t) => {
  const fetch = fakeFetch([json({ providers: [{ id: 'openai' }, { id: 'groq' }] })]);
  const providers = await fetchProviders(fetch);
  t.same(
    providers.map((provider) => provider.id),
    ['openai', 'groq'],
  );
  t.equal(fetch.calls[0]?.url, '/providers');
  t.equal(fetch.calls[0]?.init?.method, 'GET');
});

t.test('fetchProviders throws ChatFetchError on an error answer or network failure', async (t) => {
  const failed = await fetchProviders(fakeFetch([new Response('nope', { status: 503 })])).catch(
    (error: unknown) => error,
  );
  t.ok(failed instanceof ChatFetchError);
  t.equal((failed as ChatFetchError).errorType, 503);
  const offline = await fetchProviders(fakeFetch([new TypeError('Failed to fetch')])).catch(
    (error: unknown) => error,
  );
  t.equal((offline as ChatFetchError).errorType, 'UnknownChatFetchError');
  const garbled = await fetchProviders(fakeFetch([new Response('<html>')])).catch(
    (error: unknown) => error,
  );
  t.equal((garbled as ChatFetchError).errorType, 200);
});

t.test('fetchRemoteModels sends the auth token and reads the models', async (t) => {
  const fetch = fakeFetch([json({ models: [{ id: 'llama3', source: 'remote' }] })]);
  const models = await fetchRemoteModels('ollama', { baseURL: 'http://x:11434' }, fetch);
  t.same(models, [{ id: 'llama3', source: 'remote' }]);
  t.equal(fetch.calls[0]?.url, '/webapi/models/ollama');
  const headers = fetch.calls[0]?.init?.headers as Record<string, string>;
  const payload = await verifyToken(headers['x-manifold-auth'] as string, {
    allowUnsigned: false,
  });
  t.same(payload, { baseURL: 'http://x:11434' });
});

t.test('openChatStream posts the request and yields parsed events', async (t) => {
  const fetch = fakeFetch([
    sse([
      'id: chat_1\nevent: text\ndata: "Hel',
      'lo"\n\nid: chat_1\nevent: tool_calls\ndata: [{"index":0,"id":"c","type":"function","function":{"name":"f","arguments":"{}"}}]\n\n',
      ': ping\n\nid: chat_1\nevent: stop\ndata: "stop"\n\n',
      'id: output_speed\nevent: speed\ndata: {"ttft":12}\n\n',
    ]),
  ]);
  const controller = new AbortController();
  const stream = await openChatStream(
    'openai',
    request,
    { apiKey: 'sk' },
    controller.signal,
    fetch,
  );
  const events = await collect(stream);
  t.same(events, [
    { id: 'chat_1', event: 'text', data: 'Hello' },
    {
      id: 'chat_1',
      event: 'tool_calls',
      data: [{ index: 0, id: 'c', type: 'function', function: { name: 'f', arguments: '{}' } }],
    },
    { id: 'chat_1', event: 'stop', data: 'stop' },
    { id: 'output_speed', event: 'speed', data: { ttft: 12 } },
  ]);
  const call = fetch.calls[0] as Call;
  t.equal(call.url, '/webapi/chat/openai');
  t.equal(call.init?.method, 'POST');
  t.equal(call.init?.signal, controller.signal);
  t.same(JSON.parse(call.init?.body as string), request);
  const headers = call.init?.headers as Record<string, string>;
  t.equal(headers['content-type'], 'application/json');
  t.same(await verifyToken(headers['x-manifold-auth'] as string, { allowUnsigned: false }), {
    apiKey: 'sk',
  });
});

t.test('a data line that is not JSON yields a StreamChunkError event and ends', async (t) => {
  const fetch = fakeFetch([
    sse([
      'id: a\nevent: text\ndata: "x"\n\nid: a\nevent: text\ndata: {broken\n\n',
      'event: stop\ndata: "stop"\n\n',
    ]),
  ]);
  const events = await collect(
    await openChatStream('openai', request, {}, new AbortController().signal, fetch),
  );
  t.equal(events.length, 2);
  const error = events[1] as Extract<StreamEvent, { event: 'error' }>;
  t.equal(error.event, 'error');
  t.equal(error.id, 'a');
  t.equal(error.data.type, 'StreamChunkError');
  t.match(error.data.body, {
    message: /streaming chunk parse error/,
    context: { chunk: '{broken' },
  });
});

t.test('an error event ends the stream', async (t) => {
  const fetch = fakeFetch([
    sse([
      'id: first_chunk_error\nevent: error\ndata: {"type":"ProviderBizError","message":"m","body":{}}\n\n',
    ]),
  ]);
  const events = await collect(
    await openChatStream('openai', request, {}, new AbortController().signal, fetch),
  );
  t.same(events, [
    {
      id: 'first_chunk_error',
      event: 'error',
      data: { type: 'ProviderBizError', message: 'm', body: {} },
    },
  ]);
});

t.test('a stream cut before stop throws a network error after its events', async (t) => {
  const fetch = fakeFetch([sse(['id: a\nevent: text\ndata: "x"\n\n'])]);
  const stream = await openChatStream('openai', request, {}, new AbortController().signal, fetch);
  const seen: StreamEvent[] = [];
  const error = await (async () => {
    for await (const event of stream) seen.push(event);
  })().catch((error: unknown) => error);
  t.equal(seen.length, 1);
  t.ok(error instanceof ChatFetchError);
  t.equal((error as ChatFetchError).errorType, 'UnknownChatFetchError');
});

t.test('an error answer throws ChatFetchError with its type', async (t) => {
  const fetch = fakeFetch([
    json({ errorType: 'InvalidProviderAPIKey', body: { provider: 'openai' } }, 401),
  ]);
  const error = await openChatStream(
    'openai',
    request,
    {},
    new AbortController().signal,
    fetch,
  ).catch((error: unknown) => error);
  t.ok(error instanceof ChatFetchError);
  t.equal((error as ChatFetchError).errorType, 'InvalidProviderAPIKey');
  t.equal((error as ChatFetchError).status, 401);
  t.equal(fetch.calls.length, 1);
});

t.test('SystemTimeNotMatchError corrects the clock and retries once', async (t) => {
  const serverTime = Date.now() + 3_600_000;
  const skew = () => json({ errorType: 'SystemTimeNotMatchError', body: { serverTime } }, 400);
  const fetch = fakeFetch([skew(), sse(['event: stop\ndata: "stop"\n\n'])]);
  const stream = await openChatStream('openai', request, {}, new AbortController().signal, fetch);
  t.same(await collect(stream), [{ id: '', event: 'stop', data: 'stop' }]);
  t.equal(fetch.calls.length, 2);
  t.ok(Math.abs(getServerClockOffset() - 3_600_000) < 60_000, 'offset taken from serverTime');
  const second = (fetch.calls[1]?.init?.headers as Record<string, string>)['x-manifold-auth'];
  await verifyToken(second as string, { now: serverTime + 1000, allowUnsigned: false });

  const twice = fakeFetch([skew(), skew()]);
  const error = await openChatStream('openai', request, {}, new AbortController().signal, twice)
    .then(() => undefined)
    .catch((error: unknown) => error);
  t.equal((error as ChatFetchError).errorType, 'SystemTimeNotMatchError', 'only one retry');
  t.equal(twice.calls.length, 2);
});

t.test('a rejected fetch is a network error, an abort is rethrown as is', async (t) => {
  const offline = await openChatStream(
    'openai',
    request,
    {},
    new AbortController().signal,
    fakeFetch([new TypeError('Failed to fetch')]),
  ).catch((error: unknown) => error);
  t.equal((offline as ChatFetchError).errorType, 'UnknownChatFetchError');
  t.equal((offline as ChatFetchError).status, 0);
  const abort = new DOMException('The operation was aborted.', 'AbortError');
  const aborted = await openChatStream(
    'openai',
    request,
    {},
    new AbortController().signal,
    fakeFetch([abort]),
  ).catch((error: unknown) => error);
  t.equal(aborted, abort);
});

t.test('aborting while reading rethrows the AbortError from the generator', async (t) => {
  const controller = new AbortController();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(stream) {
      stream.enqueue(encoder.encode('id: a\nevent: text\ndata: "x"\n\n'));
      controller.signal.addEventListener('abort', () => stream.error(controller.signal.reason));
    },
  });
  const fetch = fakeFetch([new Response(body)]);
  const stream = await openChatStream('openai', request, {}, controller.signal, fetch);
  const first = await stream.next();
  t.same(first.value, { id: 'a', event: 'text', data: 'x' });
  controller.abort();
  const error = await stream.next().catch((error: unknown) => error);
  t.equal((error as Error).name, 'AbortError');
});
