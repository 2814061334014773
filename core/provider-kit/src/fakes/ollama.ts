/**
 * A wire-faithful fake Ollama server: a real `node:http` server on 127.0.0.1 speaking Ollama's own
 * API (github.com/ollama/ollama `docs/api.md`, `server/routes.go`). Streams are newline-delimited
 * JSON (`application/x-ndjson`, chunked), one object per line; errors are `{"error":"…"}` with
 * `application/json; charset=utf-8`, before a stream as an HTTP status, inside a stream as a line
 * (status 200 already sent). Routes: `POST /api/chat` (NDJSON, or one JSON object with
 * `stream:false`), `GET /api/tags`, `POST /api/pull` (progress lines), `POST /api/embed`,
 * `GET /api/version`. Requests are recorded; scenarios are queued per path (FIFO) and a realistic
 * default answers when none is queued.
 *
 * CORS as Ollama's own middleware does it (gin-contrib/cors, configured in `server/routes.go`): a
 * request with an `Origin` the fake allows (`origins`, Ollama's `OLLAMA_ORIGINS`) gets
 * `Access-Control-Allow-Origin: <origin>`, and its preflight (`OPTIONS` with
 * `Access-Control-Request-Method`) is answered 204 with the allowed methods and headers; any other
 * origin is refused 403 without CORS headers, preflight or not. Requests without `Origin` (every
 * Node client) pass as before. Preflights are recorded too, with method `OPTIONS`.
 *
 * @example
 * const fake = await startFakeOllama();
 * t.teardown(() => fake.close());
 * fake.reply({ kind: 'ndjson', lines: textChat(['Hel', 'lo'], { usage: [10, 5] }) });
 * fake.reply(ollamaError(404, "model 'x' not found"));
 * fake.reply({ kind: 'ndjson', lines: pullLines(), delayMs: 20 }, '/api/pull');
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { ClientCloses, closeFakeServer } from './fake-server.js';

/** One request as the fake received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, the raw text when it is not JSON, undefined when empty. */
  body: unknown;
}

/** One NDJSON line: an object (serialised) or raw text written as is (a malformed line). */
export type Line = Record<string, unknown> | string;

/** How the fake answers one request. */
export type OllamaScenario =
  /**
   * A stream: `lines` written one by one, `delayMs` before each line after the first; then the
   * response ends (`close`, default), the socket is destroyed (`drop`) or stays open (`hang`).
   */
  | { kind: 'ndjson'; lines: Line[]; delayMs?: number; end?: 'close' | 'drop' | 'hang' }
  /** One JSON body (Ollama's non-streaming answers). */
  | { kind: 'json'; status?: number; body: unknown }
  /** Any status, content type and body (a proxy's HTML page, a text error). */
  | { kind: 'raw'; status: number; contentType?: string; body: string }
  /** Accept the request and never answer. */
  | { kind: 'hang' };

/** The methods and request headers Ollama's CORS middleware allows (`server/routes.go`). */
export const CORS_ALLOW_METHODS = 'GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS';
export const CORS_ALLOW_HEADERS =
  'Authorization,Content-Type,User-Agent,Accept,X-Requested-With,OpenAI-Beta,x-stainless-arch,x-stainless-async,x-stainless-custom-poll-interval,x-stainless-helper-method,x-stainless-lang,x-stainless-os,x-stainless-package-version,x-stainless-poll-helper,x-stainless-retry-count,x-stainless-runtime,x-stainless-runtime-version,x-stainless-timeout';

/** Options of the fake. */
export interface FakeOllamaOptions {
  /** Origins allowed to call from a browser (`OLLAMA_ORIGINS`); default none. */
  origins?: string[];
}

/** A running fake. */
export interface FakeOllama {
  /** `http://127.0.0.1:<port>` (Ollama's base URL is a bare origin). */
  url: string;
  requests: RecordedRequest[];
  lastRequest(path?: string): RecordedRequest | undefined;
  /** Queue the answer to the next request for `path` (any path when omitted). */
  reply(scenario: OllamaScenario, path?: string): void;
  /** Answers begun and neither finished nor closed by the client. */
  activeResponses(): number;
  /** Resolves when the fake sees a client close an unfinished answer (at once if one is unclaimed). */
  waitForClientClose(): Promise<void>;
  /** Replace the origins allowed to call from a browser (as restarting with `OLLAMA_ORIGINS`). */
  allowOrigins(origins: string[]): void;
  /** Destroy open sockets and stop listening. */
  close(): Promise<void>;
}

const CREATED_AT = '2025-06-01T10:00:00.000000Z';
const MODEL = 'llama3.2';

/** Ollama's error answer: `{"error": message}` with the given status. */
export const ollamaError = (status: number, message: string): OllamaScenario => ({
  kind: 'json',
  status,
  body: { error: message },
});

/** A streamed chat chunk carrying part of the assistant message. */
export function chatChunk(
  message: { content?: string; thinking?: string; tool_calls?: unknown[] },
  model = MODEL,
): Record<string, unknown> {
  return {
    model,
    created_at: CREATED_AT,
    message: { role: 'assistant', content: '', ...message },
    done: false,
  };
}

/** The final chunk: `done: true`, the reason and the counts and durations (ns). */
export function doneChunk(
  options: { reason?: string; usage?: [number, number]; model?: string } = {},
): Record<string, unknown> {
  const [input, output] = options.usage ?? [26, 12];
  return {
    model: options.model ?? MODEL,
    created_at: CREATED_AT,
    message: { role: 'assistant', content: '' },
    done: true,
    done_reason: options.reason ?? 'stop',
    total_duration: 4_883_583_458,
    load_duration: 1_334_875,
    prompt_eval_count: input,
    prompt_eval_duration: 342_546_000,
    eval_count: output,
    eval_duration: 4_535_599_000,
  };
}

/** A tool call as Ollama sends it: whole, arguments as an object (`id` since Ollama 0.12.10). */
export const toolCall = (name: string, args: Record<string, unknown>, id?: string) => ({
  ...(id ? { id } : {}),
  function: { name, arguments: args },
});

/** The lines of a streamed chat: thinking, text, tool calls (one chunk each), then `done`. */
export function textChat(
  texts: string[],
  options: {
    thinking?: string[];
    toolCalls?: unknown[];
    usage?: [number, number];
    reason?: string;
    model?: string;
  } = {},
): Line[] {
  const model = options.model ?? MODEL;
  return [
    ...(options.thinking ?? []).map((thinking) => chatChunk({ thinking }, model)),
    ...texts.map((content) => chatChunk({ content }, model)),
    ...(options.toolCalls ?? []).map((call) => chatChunk({ tool_calls: [call] }, model)),
    doneChunk({ reason: options.reason, usage: options.usage, model }),
  ];
}

/** A non-streamed chat answer (`stream: false`). */
export function chatResponse(
  message: { content?: string; thinking?: string; tool_calls?: unknown[] },
  options: { usage?: [number, number]; reason?: string; model?: string } = {},
): Record<string, unknown> {
  return { ...doneChunk(options), message: { role: 'assistant', content: '', ...message } };
}

/** A layer digest and its short form as Ollama shows it in `pulling <short>`. */
export const DIGEST = 'sha256:dde5aa3fc5ffc17176b5e8bdc82f587b24b2678c6c66101bf7da77af9f7ccdff';

/** The progress lines of a successful pull of one layer in `steps` reports. */
export function pullLines(total = 2_019_377_376, steps = 3): Line[] {
  const status = `pulling ${DIGEST.slice(7, 19)}`;
  const downloads = Array.from({ length: steps }, (_, i) => ({
    status,
    digest: DIGEST,
    total,
    completed: Math.round((total * (i + 1)) / steps),
  }));
  return [
    { status: 'pulling manifest' },
    { status, digest: DIGEST, total },
    ...downloads,
    { status: 'verifying sha256 digest' },
    { status: 'writing manifest' },
    { status: 'success' },
  ];
}

/** One installed model of `/api/tags`. */
export function installedModel(name: string, family: string, parameterSize: string) {
  return {
    name,
    model: name,
    modified_at: '2025-05-20T09:12:44.123456789+02:00',
    size: 2_019_393_189,
    digest: 'a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72',
    details: {
      parent_model: '',
      format: 'gguf',
      family,
      families: [family],
      parameter_size: parameterSize,
      quantization_level: 'Q4_K_M',
    },
  };
}

/** The default `/api/tags` list: chat models, a reasoning model and an embedding model. */
export const DEFAULT_TAGS = {
  models: [
    installedModel('llama3.2:latest', 'llama', '3.2B'),
    installedModel('qwen3:8b', 'qwen3', '8.2B'),
    installedModel('my-finetune:latest', 'llama', '8.0B'),
    installedModel('nomic-embed-text:latest', 'nomic-bert', '137M'),
    installedModel('mxbai-embedding-large:latest', 'bert', '334M'),
  ],
};

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The built-in answer for a request when no scenario is queued. */
export function defaultScenarioFor(request: RecordedRequest): OllamaScenario {
  const body = asRecord(request.body);
  const model = typeof body.model === 'string' ? body.model : MODEL;
  const texts = ['Hello', ' from', ' the fake.'];
  switch (`${request.method} ${request.path}`) {
    case 'POST /api/chat':
      if (body.stream === false)
        return { kind: 'json', body: chatResponse({ content: texts.join('') }, { model }) };
      return { kind: 'ndjson', lines: textChat(texts, { model }) };
    case 'GET /api/tags':
      return { kind: 'json', body: DEFAULT_TAGS };
    case 'POST /api/pull':
      return { kind: 'ndjson', lines: pullLines() };
    case 'POST /api/embed': {
      const inputs = Array.isArray(body.input) ? body.input : [body.input];
      return {
        kind: 'json',
        body: {
          model,
          embeddings: inputs.map((_, i) => [0.010071029 + i, -0.0017594862, 0.05007221]),
          total_duration: 14_143_917,
          load_duration: 1_019_500,
          prompt_eval_count: 8,
        },
      };
    }
    case 'GET /api/version':
      return { kind: 'json', body: { version: '0.12.10' } };
    default:
      return { kind: 'raw', status: 404, contentType: 'text/plain', body: '404 page not found' };
  }
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

/**
 * Ollama's CORS check of one request: true when it was answered here (a preflight, or a refused
 * origin), false when the route should answer it (CORS headers already set when allowed).
 */
function answeredByCors(
  incoming: IncomingMessage,
  response: ServerResponse,
  origins: ReadonlySet<string>,
): boolean {
  const origin = incoming.headers.origin;
  if (origin === undefined) return false;
  response.setHeader('vary', 'Origin');
  if (!origins.has(origin)) {
    response.writeHead(403).end();
    return true;
  }
  response.setHeader('access-control-allow-origin', origin);
  if (incoming.method === 'OPTIONS' && incoming.headers['access-control-request-method']) {
    response.writeHead(204, {
      'access-control-allow-methods': CORS_ALLOW_METHODS,
      'access-control-allow-headers': CORS_ALLOW_HEADERS,
      'access-control-max-age': '43200',
    });
    response.end();
    return true;
  }
  return false;
}

/** Start a fake Ollama on a free port of 127.0.0.1. */
export async function startFakeOllama(options: FakeOllamaOptions = {}): Promise<FakeOllama> {
  let origins = new Set(options.origins ?? []);
  const requests: RecordedRequest[] = [];
  const queue: Array<{ scenario: OllamaScenario; path?: string }> = [];
  const sockets = new Set<Socket>();
  const closes = new ClientCloses();
  const shutdown = new AbortController();
  const dropping = new WeakSet<ServerResponse>();
  let active = 0;

  const stream = async (
    response: ServerResponse,
    scenario: OllamaScenario & { kind: 'ndjson' },
  ) => {
    response.writeHead(200, {
      'content-type': 'application/x-ndjson',
      date: new Date().toUTCString(),
    });
    response.flushHeaders();
    let written = Promise.resolve();
    for (const [index, line] of scenario.lines.entries()) {
      if (index > 0 && scenario.delayMs) {
        await sleep(scenario.delayMs, undefined, { signal: shutdown.signal }).catch(
          () => undefined,
        );
      }
      if (response.destroyed || shutdown.signal.aborted) return;
      const text = typeof line === 'string' ? line : JSON.stringify(line);
      written = new Promise((resolve) => response.write(`${text}\n`, () => resolve()));
    }
    if (scenario.end === 'hang') return;
    if (scenario.end === 'drop') {
      // let the lines reach the client first: destroy() discards still-buffered writes
      await written;
      dropping.add(response);
      response.socket?.destroy();
      return;
    }
    response.end();
  };

  const answer = async (response: ServerResponse, scenario: OllamaScenario) => {
    switch (scenario.kind) {
      case 'hang':
        return;
      case 'raw':
        response.writeHead(scenario.status, {
          'content-type': scenario.contentType ?? 'text/plain; charset=utf-8',
        });
        response.end(scenario.body);
        return;
      case 'json':
        response.writeHead(scenario.status ?? 200, {
          'content-type': 'application/json; charset=utf-8',
        });
        response.end(JSON.stringify(scenario.body));
        return;
      case 'ndjson':
        return stream(response, scenario);
    }
  };

  const server = createServer(async (incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const request: RecordedRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      headers: incoming.headers,
      body: parseBody(await readBody(incoming).catch(() => '')),
    };
    requests.push(request);
    if (answeredByCors(incoming, response, origins)) return;
    const queued = queue.findIndex((item) => item.path === undefined || item.path === request.path);
    const scenario =
      queued === -1 ? defaultScenarioFor(request) : queue.splice(queued, 1)[0]!.scenario;
    active++;
    response.on('close', () => {
      active--;
      if (!response.writableFinished && !shutdown.signal.aborted && !dropping.has(response)) {
        closes.notify();
      }
    });
    answer(response, scenario).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(`fake upstream failed: ${String(error)}`);
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('fake has no TCP address');

  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    lastRequest: (path) => requests.filter((r) => path === undefined || r.path === path).at(-1),
    reply(scenario, path) {
      queue.push({ scenario, ...(path === undefined ? {} : { path }) });
    },
    activeResponses: () => active,
    waitForClientClose: () => closes.wait(),
    allowOrigins(list) {
      origins = new Set(list);
    },
    async close() {
      shutdown.abort();
      await closeFakeServer(server, sockets);
    },
  };
}

/** A port on 127.0.0.1 where nothing listens: bound, then closed. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no TCP address');
  return address.port;
}
