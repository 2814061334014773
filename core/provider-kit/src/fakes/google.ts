/**
 * A wire-faithful fake Google upstream: a real `node:http` server on 127.0.0.1 speaking the Gemini
 * API (`/v1beta/models/{model}:streamGenerateContent?alt=sse`, `:generateContent`, the paged
 * `GET /v1beta/models`) and Vertex AI (`/v1/projects/{p}/locations/{l}/publishers/google/models/
 * {model}:…`), plus the OAuth token endpoint a service account's `token_uri` names. Streams are
 * framed as Google frames them: `data: <GenerateContentResponse JSON>\r\n\r\n`, no end marker.
 * Every request is recorded; answers come from a FIFO queue of scenarios, else a default per route.
 *
 * @example
 * const fake = await startFakeGoogle({ apiKey: KEY });
 * t.teardown(() => fake.close());
 * fake.reply({ kind: 'chunks', chunks: textChunks(['Hel', 'lo'], { usage: usage(5, 2) }) });
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  API_KEY_INVALID,
  chunk,
  defaultModels,
  errorBody,
  textChunks,
  UNAUTHENTICATED,
  usage,
  type Json,
} from './google-builders.js';
import { closeFakeServer } from './fake-server.js';

/** What the fake answers to one request. */
export type GoogleScenario =
  /** An SSE stream of chunks (objects JSON-encoded the way Google does, strings sent verbatim). */
  | {
      kind: 'chunks';
      chunks: ReadonlyArray<Json | string>;
      /** Pause before each chunk after the first, in ms. */
      delayMs?: number;
      /** Destroy the socket after this many chunks. */
      dropAfter?: number;
    }
  /** A JSON answer (an error body is pretty-printed, as Google sends it). */
  | { kind: 'json'; status?: number; body: unknown }
  /** Exactly this status, headers and body. */
  | { kind: 'raw'; status: number; headers?: Record<string, string>; body: string }
  /** Accept and never answer. */
  | { kind: 'hang' };

/** One request as the fake received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, form fields (token requests), raw text, or undefined when empty. */
  body: any;
}

/** Options of `startFakeGoogle`. */
export interface FakeGoogleOptions {
  /** When set, Gemini API calls must carry it (`x-goog-api-key` or `?key=`), else API_KEY_INVALID. */
  apiKey?: string;
  /** The model list served by `GET /v1beta/models`. */
  models?: Json[];
  /** Largest page of the model list, whatever `pageSize` asks (Google's is 1000). */
  maxPageSize?: number;
}

/** A running fake. */
export interface FakeGoogle {
  /** `http://127.0.0.1:<port>`: the bare origin the SDK takes as `baseUrl`. */
  url: string;
  /** The token endpoint, for a service account's `token_uri`. */
  tokenURL: string;
  requests: RecordedRequest[];
  /** The last request to a generate route (token and list requests left out). */
  lastGenerate(): RecordedRequest | undefined;
  reply(scenario: GoogleScenario): void;
  /** Queue the answer of the next token request (default: a fresh access token). */
  replyToken(scenario: GoogleScenario): void;
  /** Access tokens handed out so far. */
  issuedTokens: string[];
  activeResponses(): number;
  close(): Promise<void>;
}

/** Google's JSON: `"key": value`, no space after commas (as captured from the streaming API). */
export function googleJSON(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(googleJSON).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}: ${googleJSON(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const GENERATE = /\/models\/([^/:]+):(streamGenerateContent|generateContent)$/;

function parseBody(raw: string, type: string | undefined): unknown {
  if (raw === '') return undefined;
  if (type?.includes('x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(raw));
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** The default answer of a route. */
function defaultScenario(request: RecordedRequest, options: FakeGoogleOptions): GoogleScenario {
  const generate = GENERATE.exec(request.path);
  if (generate?.[2] === 'streamGenerateContent') {
    return {
      kind: 'chunks',
      chunks: textChunks(['Hello', ' from', ' the fake.'], { usage: usage(8, 4) }),
    };
  }
  if (generate) {
    const body = chunk([{ text: 'Hello from the fake.' }], {
      finishReason: 'STOP',
      usage: usage(8, 4),
    });
    return { kind: 'json', body };
  }
  if (request.method === 'GET' && request.path === '/v1beta/models') {
    const models = options.models ?? defaultModels;
    const size = Math.min(Number(request.query.get('pageSize') ?? 50), options.maxPageSize ?? 1000);
    const offset = Number(request.query.get('pageToken')?.replace('page-', '') ?? 0);
    const page: Json = { models: models.slice(offset, offset + size) };
    if (offset + size < models.length) page.nextPageToken = `page-${offset + size}`;
    return { kind: 'json', body: page };
  }
  const message = `The requested URL ${request.path} was not found on this server.`;
  return { kind: 'json', status: 404, body: errorBody(404, 'NOT_FOUND', message) };
}

/** Start a fake Google upstream on a free port of 127.0.0.1. */
export async function startFakeGoogle(options: FakeGoogleOptions = {}): Promise<FakeGoogle> {
  const requests: RecordedRequest[] = [];
  const queue: GoogleScenario[] = [];
  const tokenQueue: GoogleScenario[] = [];
  const issuedTokens: string[] = [];
  const sockets = new Set<Socket>();
  const shutdown = new AbortController();
  let active = 0;

  const stream = async (
    response: ServerResponse,
    scenario: Extract<GoogleScenario, { kind: 'chunks' }>,
  ) => {
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'content-disposition': 'attachment',
      vary: 'Origin, X-Origin, Referer',
      'x-content-type-options': 'nosniff',
      server: 'scaffolding on HTTPServer2',
    });
    response.flushHeaders();
    let flushed = Promise.resolve();
    for (const [index, item] of scenario.chunks.entries()) {
      if (index > 0 && scenario.delayMs) {
        await sleep(scenario.delayMs, undefined, { signal: shutdown.signal }).catch(
          () => undefined,
        );
      }
      if (response.destroyed || shutdown.signal.aborted) return;
      if (scenario.dropAfter !== undefined && index >= scenario.dropAfter) break;
      const data = typeof item === 'string' ? item : googleJSON(item);
      flushed = new Promise((resolve) => response.write(`data: ${data}\r\n\r\n`, () => resolve()));
    }
    if (scenario.dropAfter !== undefined && scenario.dropAfter < scenario.chunks.length) {
      await flushed;
      response.socket?.destroy();
      return;
    }
    response.end();
  };

  const answer = async (response: ServerResponse, scenario: GoogleScenario) => {
    switch (scenario.kind) {
      case 'hang':
        return;
      case 'raw':
        response.writeHead(scenario.status, scenario.headers ?? {});
        response.end(scenario.body);
        return;
      case 'json': {
        const status = scenario.status ?? 200;
        response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
        response.end(
          status >= 400 ? JSON.stringify(scenario.body, null, 2) : googleJSON(scenario.body),
        );
        return;
      }
      case 'chunks':
        return stream(response, scenario);
    }
  };

  /** The answer to a request without the credentials its backend requires, if any. */
  const refusal = (request: RecordedRequest): GoogleScenario | undefined => {
    const vertex = request.path.startsWith('/v1/projects/');
    if (vertex) {
      const bearer = request.headers.authorization?.replace(/^Bearer /, '');
      if (!bearer || !issuedTokens.includes(bearer))
        return { kind: 'json', status: 401, body: UNAUTHENTICATED };
      return undefined;
    }
    if (options.apiKey === undefined) return undefined;
    const key = request.headers['x-goog-api-key'] ?? request.query.get('key');
    return key === options.apiKey
      ? undefined
      : { kind: 'json', status: 400, body: API_KEY_INVALID };
  };

  /** The OAuth token endpoint: a JWT-bearer grant gets a fresh access token. */
  const token = (request: RecordedRequest): GoogleScenario => {
    const grant = request.body?.grant_type;
    if (grant !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || !request.body?.assertion) {
      const body = { error: 'unsupported_grant_type', error_description: 'Invalid grant_type: ' };
      return { kind: 'json', status: 400, body };
    }
    const accessToken = `ya29.fake-token-${issuedTokens.length + 1}`;
    issuedTokens.push(accessToken);
    return {
      kind: 'json',
      body: { access_token: accessToken, expires_in: 3599, token_type: 'Bearer' },
    };
  };

  const server = createServer(async (incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const raw = await new Promise<string>((resolve) => {
      const parts: Buffer[] = [];
      incoming.on('data', (part: Buffer) => parts.push(part));
      incoming.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
      incoming.on('error', () => resolve(''));
    });
    const request: RecordedRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      body: parseBody(raw, incoming.headers['content-type']),
    };
    requests.push(request);
    active++;
    response.on('close', () => active--);
    const scenario =
      request.path === '/token'
        ? (tokenQueue.shift() ?? token(request))
        : (refusal(request) ?? queue.shift() ?? defaultScenario(request, options));
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
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    tokenURL: `${url}/token`,
    requests,
    lastGenerate: () => requests.filter((request) => GENERATE.test(request.path)).at(-1),
    reply: (scenario) => void queue.push(scenario),
    replyToken: (scenario) => void tokenQueue.push(scenario),
    issuedTokens,
    activeResponses: () => active,
    async close() {
      shutdown.abort();
      await closeFakeServer(server, sockets);
    },
  };
}
