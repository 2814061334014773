/**
 * A wire-faithful fake OpenAI-compatible upstream: a real `node:http` server on 127.0.0.1 that records every
 * request and answers with queued scenarios (see `openai-scenario.ts`) or, when the queue is empty, with a
 * realistic default for the route. Routing is by path suffix (`/chat/completions`, `/responses`, `/models`,
 * `/embeddings`) so any base path works (`/v1`, groq's `/openai/v1`, DeepSeek's bare host).
 *
 * @example
 * const fake = await startFakeOpenAI();
 * t.teardown(() => fake.close());
 * fake.reply({ kind: 'chunks', chunks: textChunks(['Hel', 'lo'], { usage: chatUsage(5, 2) }) });
 * fake.reply({ kind: 'fixture', name: 'reasoning-content' });
 * fake.reply(openaiError(429, 'insufficient_quota'));
 * // …drive the code under test against fake.baseURL, then assert on fake.lastRequest()?.body
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  chatCompletion,
  chatModelIds,
  chatUsage,
  modelList,
  nonChatModelIds,
  textChunks,
} from './openai-builders.js';
import { errorObject } from './openai-errors.js';
import { responsesCompleted, responsesTextEvents } from './openai-responses-builders.js';
import { fixturePath, framesOf } from './openai-scenario.js';
import type { FramedStream, Scenario } from './openai-scenario.js';
import { ClientCloses, closeFakeServer } from './fake-server.js';

export type { Scenario } from './openai-scenario.js';

/** One request as the fake received it, recorded before it is answered. */
export interface RecordedRequest {
  method: string;
  /** Path without the query, e.g. `/v1/chat/completions`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body, the raw text when it is not JSON, or undefined when empty. */
  body: unknown;
}

/** A running fake upstream. */
export interface FakeOpenAI {
  /** `http://127.0.0.1:<port>`, without `/v1`. */
  url: string;
  /** `${url}/v1`, the SDK `baseURL`. */
  baseURL: string;
  /** Every request received, in order. */
  requests: RecordedRequest[];
  lastRequest(): RecordedRequest | undefined;
  /** Queue the reply to the next request (FIFO); when the queue is empty a default scenario answers. */
  reply(scenario: Scenario): void;
  /**
   * Open client connections that have carried a request, to assert an aborted client releases its socket.
   * Idle connections that never sent a request are not counted: undici opens one right after an abort.
   */
  openConnections(): number;
  /** Answers begun and not yet ended or closed by the client (an aborted stream must leave none). */
  activeResponses(): number;
  /** Resolves when the server sees the client close an in-flight response (at once if one is unclaimed). */
  waitForClientClose(): Promise<void>;
  /** Destroy open sockets and stop listening. */
  close(): Promise<void>;
}

/** Options for `startFakeOpenAI`. */
export interface FakeOpenAIOptions {
  /** Answers every request the queue does not; default: a realistic answer per route. */
  defaultScenario?: Scenario;
}

const defaultTexts = ['Hello', ' from', ' the fake.'];

/** The built-in answer for a request when no scenario is queued. */
export function defaultScenarioFor(request: RecordedRequest): Scenario {
  const body = asRecord(request.body);
  const model = typeof body.model === 'string' ? body.model : undefined;
  const options = model ? { model } : {};
  if (request.path.endsWith('/chat/completions')) {
    if (body.stream !== true)
      return { kind: 'json', body: chatCompletion(defaultTexts.join(''), options) };
    const usage =
      asRecord(body.stream_options).include_usage === true ? { usage: chatUsage(12, 3) } : {};
    return { kind: 'chunks', chunks: textChunks(defaultTexts, { ...options, ...usage }) };
  }
  if (request.path.endsWith('/responses')) {
    if (body.stream === true)
      return { kind: 'responses', events: responsesTextEvents(defaultTexts, options) };
    return { kind: 'json', body: responsesCompleted({ ...options, text: defaultTexts }) };
  }
  if (request.path.endsWith('/models'))
    return { kind: 'json', body: modelList([...chatModelIds, ...nonChatModelIds]) };
  if (request.path.endsWith('/embeddings')) return { kind: 'json', body: embeddings(body) };
  if (request.path.endsWith('/images/generations')) return { kind: 'json', body: images(body) };
  if (request.path.endsWith('/audio/speech')) return speech(body);
  const message = `Invalid URL (${request.method} ${request.path})`;
  return {
    kind: 'json',
    status: 404,
    body: { error: { message, type: 'invalid_request_error', param: null, code: null } },
  };
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

/** The voices of OpenAI's speech models (API reference, `audio/speech` `voice`). */
export const SPEECH_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
];

/** Content types the speech API answers with, by `response_format`. */
export const SPEECH_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  opus: 'audio/opus',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

/** The bytes the fake speaks: an ID3 header and the input, so a test can tell answers apart. */
export const speechBytes = (input: string): Uint8Array =>
  new Uint8Array(Buffer.concat([Buffer.from('ID3\u0004\u0000\u0000'), Buffer.from(input)]));

const invalidValue = (param: string, message: string): Scenario => ({
  kind: 'json',
  status: 400,
  body: { error: { message, type: 'invalid_request_error', param, code: 'invalid_value' } },
});

/** `POST /audio/speech`: audio bytes, or OpenAI's 400 for a voice, format or input it refuses. */
function speech(body: Record<string, unknown>): Scenario {
  const voice = String(body.voice ?? '');
  if (!SPEECH_VOICES.includes(voice))
    return invalidValue(
      'voice',
      `Invalid value: '${voice}'. Supported values are: ${SPEECH_VOICES.map((v) => `'${v}'`).join(', ')}.`,
    );
  const format = String(body.response_format ?? 'mp3');
  const type = SPEECH_TYPES[format];
  if (!type) return invalidValue('response_format', `Invalid value: '${format}'.`);
  const input = String(body.input ?? '');
  if (input.length > 4096) {
    return {
      kind: 'json',
      status: 400,
      body: {
        error: {
          message: `[{'type': 'string_too_long', 'loc': ('body', 'input'), 'msg': 'String should have at most 4096 characters'}]`,
          type: 'invalid_request_error',
          param: null,
          code: null,
        },
      },
    };
  }
  return { kind: 'raw', status: 200, headers: { 'content-type': type }, body: speechBytes(input) };
}

/** A 1×1 transparent PNG, the base64 the gpt-image models answer with. */
export const TINY_PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/**
 * An Images API answer: gpt-image models answer base64 with their `output_format`; DALL·E models
 * answer URLs (their default `response_format`).
 */
function images(body: Record<string, unknown>) {
  const n = typeof body.n === 'number' ? body.n : 1;
  const base64 = typeof body.model === 'string' && body.model.startsWith('gpt-image');
  return {
    created: 1_763_800_000,
    data: Array.from({ length: n }, (_, index) =>
      base64
        ? { b64_json: TINY_PNG_BASE64 }
        : {
            url: `https://oaidalleapiprodscus.blob.core.windows.net/private/img-${index}.png`,
            revised_prompt: String(body.prompt ?? ''),
          },
    ),
    ...(base64 && {
      output_format: 'png',
      usage: { input_tokens: 10, output_tokens: 272, total_tokens: 282 },
    }),
  };
}

function embeddings(body: Record<string, unknown>) {
  const inputs: unknown[] = Array.isArray(body.input) ? body.input : [body.input];
  // A vector of the asked `dimensions` (the API shortens its embeddings to it), else 3 numbers.
  const size = typeof body.dimensions === 'number' ? body.dimensions : 3;
  const vector = Array.from({ length: size }, (_, i) => [0.25, -0.5, 0.75][i % 3]!);
  // The SDK asks for base64 (little-endian float32) unless the caller chose a format, then decodes it.
  const encoded = Buffer.from(new Float32Array(vector).buffer).toString('base64');
  return {
    object: 'list',
    data: inputs.map((_, index) => ({
      object: 'embedding',
      index,
      embedding: body.encoding_format === 'base64' ? encoded : vector,
    })),
    model: body.model ?? 'text-embedding-3-small',
    usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
  };
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

function parseBody(raw: string): unknown {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** Start a fake OpenAI upstream on a free port of 127.0.0.1. */
export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  const requests: RecordedRequest[] = [];
  const queue: Scenario[] = [];
  const sockets = new Set<Socket>();
  const usedSockets = new Set<Socket>();
  const closes = new ClientCloses();
  const shutdown = new AbortController();
  const dropping = new WeakSet<ServerResponse>();
  let activeResponses = 0;

  const clientClosed = () => closes.notify();

  const stream = async (
    response: ServerResponse,
    framed: FramedStream,
    common: Record<string, string>,
  ) => {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      ...common,
      ...framed.headers,
    });
    response.flushHeaders();
    let flushed = Promise.resolve();
    for (const [index, frame] of framed.frames.entries()) {
      if (index > 0 && framed.delayMs > 0) {
        await sleep(framed.delayMs, undefined, { signal: shutdown.signal }).catch(() => undefined);
      }
      if (response.destroyed || shutdown.signal.aborted) return;
      if ('drop' in frame) {
        // Let the chunks before the drop reach the client; destroy() would discard still-buffered writes.
        await flushed;
        dropping.add(response);
        response.socket?.destroy();
        return;
      }
      flushed = new Promise((resolve) => response.write(frame.text, () => resolve()));
    }
    response.end();
  };

  const answer = async (
    request: RecordedRequest,
    response: ServerResponse,
    scenario: Scenario,
    id: string,
  ) => {
    const common = {
      'x-request-id': id,
      'openai-processing-ms': '12',
      'openai-version': '2020-10-01',
    };
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...common, ...headers });
      response.end(JSON.stringify(body));
    };
    switch (scenario.kind) {
      case 'hang':
        return;
      case 'raw':
        response.writeHead(scenario.status, scenario.headers ?? {});
        response.end(scenario.body);
        return;
      case 'json':
        return json(scenario.status ?? 200, scenario.body, scenario.headers);
      case 'error':
        return json(scenario.status, { error: errorObject(scenario) }, scenario.headers);
      default:
        return stream(response, framesOf(scenario, request.path.endsWith('/responses')), common);
    }
  };

  const server = createServer(async (incoming, response) => {
    if (sockets.has(incoming.socket)) usedSockets.add(incoming.socket);
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const request: RecordedRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      body: parseBody(await readBody(incoming).catch(() => '')),
    };
    requests.push(request);
    const scenario = queue.shift() ?? options.defaultScenario ?? defaultScenarioFor(request);
    activeResponses++;
    response.on('close', () => {
      activeResponses--;
      // A close before the answer finished, not caused by a `drop` frame or by close(): the client went away.
      if (!response.writableFinished && !shutdown.signal.aborted && !dropping.has(response)) {
        clientClosed();
      }
    });
    answer(request, response, scenario, `req_fake_${requests.length}`).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`fake upstream failed: ${String(error)}`);
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      usedSockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new Error('fake upstream has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    baseURL: `${url}/v1`,
    requests,
    lastRequest: () => requests.at(-1),
    reply(scenario) {
      if (scenario.kind === 'fixture') fixturePath(scenario.name);
      queue.push(scenario);
    },
    openConnections: () => usedSockets.size,
    activeResponses: () => activeResponses,
    waitForClientClose: () => closes.wait(),
    async close() {
      shutdown.abort();
      await closeFakeServer(server, sockets);
    },
  };
}
