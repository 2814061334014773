/**
 * A wire-faithful fake Cloudflare Workers AI upstream: a real `node:http` server on 127.0.0.1 that
 * checks the bearer token and the account in the path, records every request and answers with
 * queued scenarios or a realistic default. Routes (as the Cloudflare API has them):
 * - `POST /client/v4/accounts/{account}/ai/run/{model}` — text generation (SSE or JSON envelope);
 * - `POST /v1/{account}/{gateway}/workers-ai/{model}` — the same through AI Gateway;
 * - `GET /client/v4/accounts/{account}/ai/models/search?task&page&per_page` — the paged catalogue.
 * A wrong token is 401 and an unknown account 403, both `{"success":false,"errors":[{"code":10000,
 * "message":"Authentication error"}]}`; an unknown route is 404 with code 7000.
 *
 * @example
 * const fake = await startFakeCloudflare();
 * t.teardown(() => fake.close());
 * fake.reply({ kind: 'stream', chunks: nativeTextChunks(['Hel', 'lo'], { usage: workersUsage(5, 2) }) });
 * // …runtime with baseURLOrAccountID: fake.accountId, baseURL: fake.apiBase, apiKey: fake.token
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  DEFAULT_CATALOGUE,
  errorEnvelope,
  nativeResult,
  nativeTextChunks,
  resultEnvelope,
  WORKERS_AI_ERRORS,
  workersUsage,
  type CloudflareErrorEntry,
} from './cloudflare-builders.js';
import { closeFakeServer } from './fake-server.js';

/** One streamed payload: an object is JSON-encoded, a string written verbatim (broken JSON). */
export type WireChunk = object | string;

/** What the fake answers to one run (or model list) request. */
export type CloudflareScenario =
  /** SSE `data:` frames, then `data: [DONE]` unless `done` is false. */
  | {
      kind: 'stream';
      chunks: readonly WireChunk[];
      done?: boolean;
      /** Pause before each chunk after the first, in ms. */
      delayMs?: number;
      /** Destroy the socket after this many chunks. */
      dropAfter?: number;
    }
  /** A JSON answer with any status (default 200). */
  | { kind: 'json'; status?: number; body: unknown }
  /** The Cloudflare error envelope with this status. */
  | { kind: 'error'; status: number; errors: readonly CloudflareErrorEntry[] }
  /** Exactly this status, headers and body. */
  | { kind: 'raw'; status: number; headers?: Record<string, string>; body: string }
  /** Never answer. */
  | { kind: 'hang' };

/** One request as the fake received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON, raw text when not JSON, undefined when empty. */
  body: unknown;
}

/** A running fake. */
export interface FakeCloudflare {
  url: string;
  /** `${url}/client/v4`: what `CLOUDFLARE_PROXY_URL` / `baseURL` takes. */
  apiBase: string;
  /** The account the fake serves (32 hex characters). */
  accountId: string;
  /** The API token the fake accepts. */
  token: string;
  /** An AI Gateway base URL for this account. */
  gatewayURL(gateway?: string): string;
  requests: RecordedRequest[];
  lastRequest(): RecordedRequest | undefined;
  /** Queue the answer to the next request (FIFO). */
  reply(scenario: CloudflareScenario): void;
  /** Answers begun and neither finished nor closed by the client. */
  activeResponses(): number;
  /** Open connections that carried a request. */
  openConnections(): number;
  close(): Promise<void>;
}

/** Options of `startFakeCloudflare`. */
export interface FakeCloudflareOptions {
  accountId?: string;
  token?: string;
  /** The catalogue `models/search` pages through; default `DEFAULT_CATALOGUE`. */
  catalogue?: readonly Record<string, unknown>[];
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const RUN = /^\/client\/v4\/accounts\/([^/]+)\/ai\/run\/(.+)$/;
const GATEWAY = /^\/v1\/([^/]+)\/([^/]+)\/workers-ai\/(.+)$/;
const SEARCH = /^\/client\/v4\/accounts\/([^/]+)\/ai\/models\/search$/;

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

/** The default answer to a run request: a native text stream, or the JSON envelope. */
function defaultRun(body: unknown): CloudflareScenario {
  const streamed = (body as { stream?: unknown } | undefined)?.stream === true;
  const texts = ['Hello', ' from', ' Workers AI.'];
  if (streamed)
    return { kind: 'stream', chunks: nativeTextChunks(texts, { usage: workersUsage(12, 4) }) };
  return { kind: 'json', body: nativeResult(texts.join('')) };
}

/** One page of the catalogue, filtered by `task` as the API does. */
function searchPage(catalogue: readonly Record<string, unknown>[], query: URLSearchParams) {
  const task = query.get('task');
  const matching = task
    ? catalogue.filter((model) => (model.task as { name?: string } | undefined)?.name === task)
    : catalogue;
  const perPage = Math.max(1, Number(query.get('per_page') ?? 20));
  const page = Math.max(1, Number(query.get('page') ?? 1));
  const result = matching.slice((page - 1) * perPage, page * perPage);
  return {
    ...resultEnvelope(result),
    result_info: { count: result.length, page, per_page: perPage, total_count: matching.length },
  };
}

/** Start a fake Workers AI upstream on a free port of 127.0.0.1. */
export async function startFakeCloudflare(
  options: FakeCloudflareOptions = {},
): Promise<FakeCloudflare> {
  const accountId = options.accountId ?? '0123456789abcdef0123456789abcdef';
  const token = options.token ?? 'cf-token-0123456789abcdefghij';
  const catalogue = options.catalogue ?? DEFAULT_CATALOGUE;
  const requests: RecordedRequest[] = [];
  const queue: CloudflareScenario[] = [];
  const sockets = new Set<Socket>();
  const usedSockets = new Set<Socket>();
  const shutdown = new AbortController();
  let active = 0;

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { ...JSON_HEADERS, 'cf-ray': `fake-${requests.length}` });
    response.end(JSON.stringify(body));
  };

  const stream = async (
    response: ServerResponse,
    scenario: Extract<CloudflareScenario, { kind: 'stream' }>,
  ) => {
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'cache-control': 'no-cache',
      'cf-ray': `fake-${requests.length}`,
    });
    response.flushHeaders();
    const frames = scenario.chunks.map(
      (chunk) => `data: ${typeof chunk === 'string' ? chunk : JSON.stringify(chunk)}\n\n`,
    );
    if (scenario.done !== false) frames.push('data: [DONE]\n\n');
    let flushed = Promise.resolve();
    for (const [index, frame] of frames.entries()) {
      if (index > 0 && scenario.delayMs) {
        await sleep(scenario.delayMs, undefined, { signal: shutdown.signal }).catch(() => {});
      }
      if (response.destroyed || shutdown.signal.aborted) return;
      if (scenario.dropAfter !== undefined && index >= scenario.dropAfter) {
        await flushed;
        response.socket?.destroy();
        return;
      }
      flushed = new Promise((resolve) => response.write(frame, () => resolve()));
    }
    response.end();
  };

  const answer = async (response: ServerResponse, scenario: CloudflareScenario) => {
    switch (scenario.kind) {
      case 'hang':
        return;
      case 'raw':
        response.writeHead(scenario.status, scenario.headers ?? {});
        return void response.end(scenario.body);
      case 'json':
        return send(response, scenario.status ?? 200, scenario.body);
      case 'error':
        return send(response, scenario.status, errorEnvelope(scenario.errors));
      case 'stream':
        return stream(response, scenario);
    }
  };

  const route = (request: RecordedRequest): CloudflareScenario => {
    const run = RUN.exec(request.path) ?? GATEWAY.exec(request.path);
    const search = SEARCH.exec(request.path);
    if (!(run && request.method === 'POST') && !(search && request.method === 'GET')) {
      return {
        kind: 'error',
        status: 404,
        errors: [{ code: 7000, message: 'No route for that URI' }],
      };
    }
    const auth = WORKERS_AI_ERRORS.authentication;
    if (request.headers.authorization !== `Bearer ${token}`)
      return { kind: 'error', status: 401, errors: [auth] };
    if ((run ?? search)![1] !== accountId) return { kind: 'error', status: 403, errors: [auth] };
    const queued = queue.shift();
    if (queued) return queued;
    return search
      ? { kind: 'json', body: searchPage(catalogue, request.query) }
      : defaultRun(request.body);
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
    active++;
    response.on('close', () => active--);
    answer(response, route(request)).catch((error: unknown) => {
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
  if (address === null || typeof address === 'string') throw new Error('fake has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    apiBase: `${url}/client/v4`,
    accountId,
    token,
    gatewayURL: (gateway = 'my-gateway') => `${url}/v1/${accountId}/${gateway}/workers-ai`,
    requests,
    lastRequest: () => requests.at(-1),
    reply: (scenario) => void queue.push(scenario),
    activeResponses: () => active,
    openConnections: () => usedSockets.size,
    async close() {
      shutdown.abort();
      await closeFakeServer(server, sockets);
    },
  };
}
