import type { Readable } from 'node:stream';
import { Agent, request } from 'undici';

/**
 * The `fetch` the SDK is given: `undici.request` underneath, which costs a fraction of WHATWG
 * fetch per call (no Request object, no web streams). A `text/event-stream` answer is handed over
 * as a Response without a body and its Node stream is kept aside for `responseBody`: only our SSE
 * parser reads it, chunk by chunk. Every other answer is read whole into an ordinary Response, so
 * the SDK's own JSON and error handling work unchanged.
 */
const streamBodies = new WeakMap<Response, AsyncIterable<Uint8Array>>();

/** How much of an answer's tail is read after its consumer stopped, before the socket is dropped. */
const DRAIN_LIMIT = { ms: 1000, bytes: 64 * 1024 };

/**
 * A body whose early `return()` drains the rest instead of destroying it. The event stream stops
 * reading at the provider's end marker, usually a few bytes before the HTTP body ends; Node's
 * iterator would destroy the body there, and undici would close the keep-alive connection to the
 * upstream. A client abort still cuts it at once: that goes through the request's abort signal.
 */
function drainOnReturn(body: Readable): AsyncIterable<Uint8Array> {
  return {
    [Symbol.asyncIterator]() {
      const inner = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
      return {
        next: () => inner.next(),
        async return() {
          if (!body.readableEnded && !body.destroyed) void drain(inner);
          return { done: true, value: undefined };
        },
      };
    },
  };
}

async function drain(inner: AsyncIterator<Uint8Array>): Promise<void> {
  const stop = () => void inner.return?.().catch(() => undefined);
  const timer = setTimeout(stop, DRAIN_LIMIT.ms);
  timer.unref();
  let bytes = 0;
  try {
    for (;;) {
      const result = await inner.next();
      if (result.done) return;
      bytes += result.value.length;
      if (bytes > DRAIN_LIMIT.bytes) return stop();
    }
  } catch {
    // the body failed while draining: nothing is waiting for it
  } finally {
    clearTimeout(timer);
  }
}
const agent = new Agent({ keepAliveTimeout: 10_000 });

/** The body of an upstream answer: the kept Node stream of an SSE answer, else the web stream. */
export function responseBody(
  response: Response,
): AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | null {
  return streamBodies.get(response) ?? response.body;
}

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** A `fetch` for the SDK on `undici.request` (see the module comment). */
export const leanFetch = (async (
  input: string | URL | Request,
  init: RequestInit = {},
): Promise<Response> => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const answer = await request(url, {
    method: (init.method ?? 'GET') as 'GET',
    headers: init.headers as Record<string, string> | undefined,
    body: init.body as string | undefined,
    signal: init.signal ?? undefined,
    dispatcher: agent,
  });
  const headers = toHeaders(answer.headers);
  const status = answer.statusCode;
  if (status >= 200 && status < 300 && headers.get('content-type')?.includes('text/event-stream')) {
    const response = new Response(null, { status, headers });
    streamBodies.set(response, drainOnReturn(answer.body));
    return response;
  }
  const bytes = NULL_BODY_STATUS.has(status)
    ? null
    : new Uint8Array(await answer.body.arrayBuffer());
  if (bytes === null) answer.body.resume();
  return new Response(bytes, { status, headers });
}) as typeof globalThis.fetch;
