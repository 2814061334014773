import { STATUS_CODES } from 'node:http';
import type { LookupFunction } from 'node:net';
import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent, request } from 'undici';
import { UpstreamFault } from '@manifold/core/errors/upstream-fault';
import {
  bodyTooLarge,
  lineTooLong,
  upstreamLimits,
  upstreamLimitsVersion,
  type UpstreamLimits,
} from '@manifold/core/protocol/limits';

/**
 * The one HTTP transport of every upstream call, whatever the wire: the `fetch` handed to the
 * SDKs (OpenAI, Anthropic, Google, Ollama, the Bedrock handler) and to the hand-written wires. It
 * is built on `undici.request`, which costs a fraction of WHATWG fetch per call (no Request object,
 * no web streams on the hot path), and it applies the gateway's rules to every answer alike:
 *
 * - **Limits** (`upstreamLimits()`): connect, first-byte (headers), idle and total timeouts; a body
 *   read whole is capped (`maxBodyBytes`; an error answer is kept to its first 256 KiB); an
 *   event-stream frame is capped (`maxLineBytes`; SSE and NDJSON lines are capped by their
 *   decoders). A stream is idle while no complete line (or frame) arrives, so an upstream that
 *   drips bytes without ever finishing a line is cut too. Over a limit, the body is destroyed (the
 *   socket closed) and the read fails with an `UpstreamFault` that every wire maps the same way.
 * - **Redirects are never followed** (a 3xx is `UpstreamFault` `redirect`): a redirect could lead a
 *   user-supplied base URL to a private address, and would resend the key to another host.
 * - **Compressed answers** (`Content-Encoding` gzip, deflate, br) are decoded, limits applied to
 *   the decoded bytes.
 *
 * A `text/event-stream` answer is handed over as a Response without a body and its Node stream is
 * kept aside for `responseBody`: only our SSE decoder reads it, chunk by chunk. Other streams
 * (NDJSON, AWS event streams) get a web stream body; every other answer is read whole into an
 * ordinary Response, so the SDKs' own JSON and error handling work unchanged.
 */
const streamBodies = new WeakMap<Response, AsyncIterable<Uint8Array>>();

/** How much of an answer's tail is read after its consumer stopped, before the socket is dropped. */
const DRAIN_LIMIT = { ms: 1000, bytes: 64 * 1024 };

/** How much of an error answer (non-2xx) is kept; the rest is dropped with the connection. */
export const ERROR_BODY_LIMIT = 256 * 1024;

const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);
const REDIRECT_STATUS = new Set([301, 302, 303, 307, 308]);

/** How an answer body is framed, for the idle rule and the frame limit. */
type Framing = 'lines' | 'frames' | 'bytes';

/** The framing of a streamed answer's content type, or undefined for a body read whole. */
function streamFraming(type: string): Framing | undefined {
  if (type.includes('text/event-stream')) return 'lines';
  if (type.includes('ndjson') || type.includes('jsonl') || type.includes('json-seq'))
    return 'lines';
  if (type.includes('application/vnd.amazon.eventstream')) return 'frames';
  return undefined;
}

/** The body of an upstream answer: the kept Node stream of an SSE answer, else the web stream. */
export function responseBody(
  response: Response,
): AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | null {
  return streamBodies.get(response) ?? response.body;
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return headers;
}

/** The body decoded per `Content-Encoding` (one coding; anything else is passed as it came). */
function decoded(body: Readable, headers: Headers): Readable {
  const coding = headers.get('content-encoding')?.trim().toLowerCase();
  const decoder =
    coding === 'gzip' || coding === 'x-gzip'
      ? createGunzip()
      : coding === 'deflate'
        ? createInflate()
        : coding === 'br'
          ? createBrotliDecompress()
          : undefined;
  if (!decoder) return body;
  headers.delete('content-encoding');
  headers.delete('content-length');
  body.on('error', (error) => decoder.destroy(error));
  decoder.on('close', () => {
    if (!body.destroyed) body.destroy();
  });
  return body.pipe(decoder);
}

/**
 * The timers of one call: total from the start, idle from the last progress (a complete line, a
 * frame, or a byte of a body read whole). A fired timer destroys the body with its fault.
 */
class CallWatch {
  /** The body being read, once there is one. */
  body: Readable | undefined;
  private lastProgress = Date.now();
  private idleTimer: NodeJS.Timeout | undefined;
  private totalTimer: NodeJS.Timeout | undefined;
  fault: UpstreamFault | undefined;

  constructor(
    readonly limits: Readonly<UpstreamLimits>,
    private readonly abort: (reason: unknown) => void,
  ) {
    if (limits.totalTimeoutMs > 0) {
      this.totalTimer = setTimeout(
        () =>
          this.fail(
            new UpstreamFault(
              'total_timeout',
              `The provider's answer took longer than ${limits.totalTimeoutMs} ms in all`,
              { limit: limits.totalTimeoutMs, setting: 'UPSTREAM_TOTAL_TIMEOUT_MS' },
            ),
          ),
        limits.totalTimeoutMs,
      );
      this.totalTimer.unref();
    }
  }

  /** The answer's headers came: watch its body for silence. */
  reading(body: Readable): void {
    this.body = body;
    this.progress();
    if (this.limits.idleTimeoutMs > 0) this.armIdle(this.limits.idleTimeoutMs);
  }

  progress(): void {
    this.lastProgress = Date.now();
  }

  private armIdle(ms: number): void {
    this.idleTimer = setTimeout(() => {
      const silent = Date.now() - this.lastProgress;
      if (silent < this.limits.idleTimeoutMs)
        return this.armIdle(this.limits.idleTimeoutMs - silent);
      this.fail(
        new UpstreamFault(
          'idle_timeout',
          `The provider sent nothing for ${this.limits.idleTimeoutMs} ms`,
          { limit: this.limits.idleTimeoutMs, setting: 'UPSTREAM_IDLE_TIMEOUT_MS' },
        ),
      );
    }, ms);
    this.idleTimer.unref();
  }

  fail(fault: UpstreamFault): void {
    if (this.fault) return;
    this.fault = fault;
    this.stop();
    if (this.body && !this.body.destroyed) this.body.destroy(fault);
    else this.abort(fault);
  }

  stop(): void {
    clearTimeout(this.idleTimer);
    clearTimeout(this.totalTimer);
  }
}

/** Tracks AWS event-stream frames (4-byte big-endian total length first) and caps their size. */
class FrameCounter {
  /** Bytes still to come of the current frame; 0 at a boundary. */
  private remaining = 0;
  /** Bytes of the next frame's length prefix seen so far. */
  private prefix: number[] = [];

  constructor(private readonly max: number) {}

  /** Count a chunk; returns whether a frame was completed; throws when a frame is too long. */
  push(chunk: Uint8Array): boolean {
    let completed = false;
    let offset = 0;
    while (offset < chunk.length) {
      if (this.remaining === 0) {
        this.prefix.push(chunk[offset]!);
        offset++;
        if (this.prefix.length < 4) continue;
        const [a, b, c, d] = this.prefix as [number, number, number, number];
        const total = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
        this.prefix = [];
        if (total > this.max) throw lineTooLong(this.max);
        // A length below the prefix itself is corrupt: the SDK's decoder reports it.
        this.remaining = Math.max(total - 4, 0);
        if (this.remaining === 0) completed = true;
        continue;
      }
      const take = Math.min(this.remaining, chunk.length - offset);
      this.remaining -= take;
      offset += take;
      if (this.remaining === 0) completed = true;
    }
    return completed;
  }
}

/** Drop a body nobody will read, closing its connection (the error that makes is nobody's). */
function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

const hasLineEnd = (chunk: Uint8Array): boolean =>
  chunk.indexOf(10) !== -1 || chunk.indexOf(13) !== -1;

/**
 * A watched body: every chunk counts as progress as its framing says, frames are capped, and an
 * early `return()` drains the rest instead of destroying it. The event stream stops reading at the
 * provider's end marker, usually a few bytes before the HTTP body ends; destroying the body there
 * would close the keep-alive connection to the upstream. A client abort (or a stream that ended in
 * an error) still cuts it at once: that goes through the request's abort signal.
 */
function watchedBody(
  body: Readable,
  watch: CallWatch,
  framing: Framing,
): AsyncIterable<Uint8Array> {
  const frames = framing === 'frames' ? new FrameCounter(watch.limits.maxLineBytes) : undefined;
  return {
    [Symbol.asyncIterator]() {
      const inner = body[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
      return {
        async next() {
          let result: IteratorResult<Uint8Array>;
          try {
            result = await inner.next();
          } catch (error) {
            watch.stop();
            throw watch.fault ?? error;
          }
          if (result.done) {
            watch.stop();
            return result;
          }
          const chunk = result.value;
          if (framing === 'bytes') watch.progress();
          else if (frames) {
            let completed: boolean;
            try {
              completed = frames.push(chunk);
            } catch (fault) {
              watch.fail(fault as UpstreamFault);
              throw fault;
            }
            if (completed) watch.progress();
          } else if (hasLineEnd(chunk)) watch.progress();
          return result;
        },
        async return() {
          watch.stop();
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

/** A web stream over a watched body; cancelling it stops the body (`return()`). */
function webStream(source: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const result = await iterator.next();
      if (result.done) controller.close();
      else controller.enqueue(result.value);
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}

/**
 * A body read whole, up to `limit` bytes. Past it, a 2xx answer fails (`response_too_large`); an
 * error answer keeps what came (`truncate`): its first bytes say all there is to say.
 */
async function readWhole(
  body: Readable,
  watch: CallWatch,
  limit: number,
  truncate: boolean,
): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const iterator = watchedBody(body, watch, 'bytes')[Symbol.asyncIterator]();
  for (;;) {
    const result = await iterator.next();
    if (result.done) break;
    const chunk = result.value;
    if (size + chunk.length > limit) {
      watch.stop();
      if (!truncate) {
        const fault = bodyTooLarge(limit);
        body.destroy(fault);
        throw fault;
      }
      chunks.push(chunk.subarray(0, limit - size));
      size = limit;
      discard(body);
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  watch.stop();
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return bytes;
}

/** A redirect's `Location` resolved against the request URL; undefined when absent or unusable. */
function redirectTarget(location: string | null, base: string): string | undefined {
  if (!location) return undefined;
  try {
    return new URL(location, base).href;
  } catch {
    return undefined;
  }
}

/** What a transport checks besides the limits (the guarded one of `BASE_URL_POLICY=public`). */
export interface UpstreamTransportOptions {
  /** DNS lookup for its connections: the guarded transport refuses private addresses here. */
  lookup?: LookupFunction;
  /** Checked before connecting: an error refuses the URL (a literal private IP address). */
  checkTarget?: (url: URL) => Error | undefined;
}

interface UndiciFailure {
  code?: string;
}

/**
 * undici's own timeouts, as the gateway's faults. Their messages (and causes) avoid the words
 * "timeout" and "timed out" on purpose: the OpenAI and Anthropic SDKs replace any fetch failure
 * that says so by a bare `APIConnectionTimeoutError`, which would lose the fault and its reason.
 */
function timeoutFault(error: unknown, limits: Readonly<UpstreamLimits>): UpstreamFault | undefined {
  const code = (error as UndiciFailure | undefined)?.code;
  if (code === 'UND_ERR_CONNECT_TIMEOUT')
    return new UpstreamFault(
      'connect_timeout',
      `The provider could not be connected to within ${limits.connectTimeoutMs} ms`,
      { limit: limits.connectTimeoutMs, setting: 'UPSTREAM_CONNECT_TIMEOUT_MS' },
    );
  if (code === 'UND_ERR_HEADERS_TIMEOUT')
    return new UpstreamFault(
      'first_byte_timeout',
      `The provider did not answer within ${limits.firstByteTimeoutMs} ms`,
      { limit: limits.firstByteTimeoutMs, setting: 'UPSTREAM_FIRST_BYTE_TIMEOUT_MS' },
    );
  return undefined;
}

/**
 * Options a caller may add to a fetch `init` of this transport (a plain extra field, which other
 * fetch implementations ignore): `totalTimeoutMs: 0` lifts the total timeout for a call that may
 * rightly run for hours (a model download whose progress keeps coming); `maxBodyBytes` and
 * `webBody` see below.
 */
export interface UpstreamInit extends RequestInit {
  upstream?: {
    totalTimeoutMs?: number;
    /** A smaller cap on a body read whole (a plugin's answer: 1 MiB). */
    maxBodyBytes?: number;
    /**
     * The caller reads `response.body` itself (an SDK that checks for it): an SSE answer gets a
     * web stream body too, instead of only the Node stream kept for `responseBody`.
     */
    webBody?: boolean;
  };
}

/** A `fetch` on `undici.request` with the gateway's limits and rules (see the module comment). */
export function createUpstreamFetch(
  options: UpstreamTransportOptions = {},
): typeof globalThis.fetch {
  let agent: Agent | undefined;
  let agentVersion = -1;
  const agentFor = (limits: Readonly<UpstreamLimits>): Agent => {
    if (agent && agentVersion === upstreamLimitsVersion()) return agent;
    void agent?.close().catch(() => undefined);
    agentVersion = upstreamLimitsVersion();
    agent = new Agent({
      keepAliveTimeout: 10_000,
      headersTimeout: limits.firstByteTimeoutMs,
      // silence is watched per call (`CallWatch`), line by line rather than byte by byte
      bodyTimeout: 0,
      connect: {
        timeout: limits.connectTimeoutMs,
        ...(options.lookup && { lookup: options.lookup }),
      },
    });
    return agent;
  };

  return (async (input: string | URL | Request, init: UpstreamInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (options.checkTarget) {
      const refused = options.checkTarget(new URL(url));
      if (refused) throw refused;
    }
    const base = upstreamLimits();
    const own = init.upstream;
    const limits =
      own?.totalTimeoutMs === undefined && own?.maxBodyBytes === undefined
        ? base
        : {
            ...base,
            ...(own.totalTimeoutMs !== undefined && { totalTimeoutMs: own.totalTimeoutMs }),
            ...(own.maxBodyBytes !== undefined && { maxBodyBytes: own.maxBodyBytes }),
          };
    const callerSignal = init.signal ?? undefined;
    const controller = new AbortController();
    const forward = () => controller.abort(callerSignal?.reason);
    if (callerSignal?.aborted) forward();
    else callerSignal?.addEventListener('abort', forward, { once: true });
    const watch = new CallWatch(limits, (reason) => controller.abort(reason));
    const done = () => {
      watch.stop();
      callerSignal?.removeEventListener('abort', forward);
    };

    let answer: Awaited<ReturnType<typeof request>>;
    try {
      answer = await request(url, {
        method: (init.method ?? 'GET') as 'GET',
        headers: init.headers as Record<string, string> | undefined,
        body: init.body as string | undefined,
        signal: controller.signal,
        dispatcher: agentFor(base),
      });
    } catch (error) {
      done();
      if (watch.fault) throw watch.fault;
      const fault = timeoutFault(error, base);
      if (fault) throw fault;
      if (controller.signal.aborted) throw error;
      // As WHATWG fetch reports it (the SDKs expect it so): the address stays in the cause.
      throw new TypeError('fetch failed', { cause: error });
    }
    const headers = toHeaders(answer.headers);
    const status = answer.statusCode;
    // undici.request does not report the reason phrase; the standard one stands in for it
    const statusText = STATUS_CODES[status] ?? '';
    if (REDIRECT_STATUS.has(status)) {
      done();
      discard(answer.body);
      throw new UpstreamFault(
        'redirect',
        `The provider answered ${status} (a redirect to another address), which the gateway does not follow: check the base URL`,
        { status },
        { location: redirectTarget(headers.get('location'), url) },
      );
    }
    if (NULL_BODY_STATUS.has(status)) {
      done();
      answer.body.resume();
      return new Response(null, { status, statusText, headers });
    }
    const body = decoded(answer.body, headers);
    body.once('close', done);
    watch.reading(body);
    const framing =
      status >= 200 && status < 300 ? streamFraming(headers.get('content-type') ?? '') : undefined;
    if (framing) {
      const stream = watchedBody(body, watch, framing);
      if (!init.upstream?.webBody && headers.get('content-type')?.includes('text/event-stream')) {
        const response = new Response(null, { status, statusText, headers });
        streamBodies.set(response, stream);
        return response;
      }
      return new Response(webStream(stream), { status, statusText, headers });
    }
    const ok = status >= 200 && status < 300;
    const bytes = await readWhole(
      body,
      watch,
      ok ? limits.maxBodyBytes : Math.min(ERROR_BODY_LIMIT, limits.maxBodyBytes),
      !ok,
    );
    return new Response(bytes, { status, statusText, headers });
  }) as typeof globalThis.fetch;
}

/** The transport with the gateway's limits and no address checks (server-configured URLs). */
export const leanFetch = createUpstreamFetch();
