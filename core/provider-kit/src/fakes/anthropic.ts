/**
 * A wire-faithful fake Anthropic API: a real `node:http` server on 127.0.0.1 that checks the
 * `x-api-key` and `anthropic-version` headers like the API (401 `authentication_error`, 400
 * `invalid_request_error`), records every request, and answers `POST /v1/messages` and
 * `GET /v1/models` with queued scenarios or, when the queue is empty, realistic defaults.
 * Streams are framed `event: <type>\ndata: <json>\n\n`; errors are
 * `{"type":"error","error":{"type","message"},"request_id"}` with the API's statuses.
 *
 * @example
 * const fake = await startFakeAnthropic();
 * t.teardown(() => fake.close());
 * fake.reply({ kind: 'events', events: anthropicTextEvents(['Hel', 'lo']) });
 * fake.reply({ kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded' });
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  anthropicErrorBody,
  anthropicMessage,
  anthropicTextEvents,
  modelListPage,
  renderEvent,
  type AnthropicEvent,
} from './anthropic-builders.js';
import { ClientCloses, closeFakeServer } from './fake-server.js';

export { renderAnthropicSSE, renderEvent } from './anthropic-builders.js';

/** What the fake answers to one request. */
export type AnthropicScenario =
  /**
   * An SSE stream; `delayMs` paces the events; after `dropAfter` events the socket is destroyed;
   * after `holdAfter` events the answer stays open with nothing more (a stalled stream).
   */
  | {
      kind: 'events';
      events: readonly AnthropicEvent[];
      delayMs?: number;
      dropAfter?: number;
      holdAfter?: number;
      headers?: Record<string, string>;
    }
  /** A JSON answer (a whole message, a model page, any body), status default 200. */
  | { kind: 'json'; status?: number; body: unknown; headers?: Record<string, string> }
  /** An API error answer with the error body of that type. */
  | {
      kind: 'error';
      status: number;
      type: string;
      message: string;
      headers?: Record<string, string>;
    }
  /** Exactly this status, headers and body (an HTML page from a proxy, an empty body). */
  | { kind: 'raw'; status: number; headers?: Record<string, string>; body: string }
  /** Accept the request and never answer. */
  | { kind: 'hang' };

/** One request as received. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, the raw text when not JSON, undefined when empty. */
  body: unknown;
}

/** Options of `startFakeAnthropic`. */
export interface FakeAnthropicOptions {
  /** The only key accepted; default: any non-empty `x-api-key`. */
  apiKey?: string;
  /** Ids `GET /v1/models` lists, newest first. */
  modelIds?: readonly string[];
  /** Largest page `GET /v1/models` serves, whatever `limit` asks (default 1000, the API's). */
  modelsPageSize?: number;
  /** Text deltas of the default streamed answer (the benchmark streams 20 words). */
  defaultTexts?: readonly string[];
  /** Usage of the default streamed answer. */
  defaultUsage?: { input?: number; output?: number };
}

/** A running fake. */
export interface FakeAnthropic {
  /** `http://127.0.0.1:<port>`, the SDK's `baseURL`. */
  url: string;
  requests: RecordedRequest[];
  lastRequest(): RecordedRequest | undefined;
  /** Queue the answer to the next request that passes the header checks (FIFO). */
  reply(scenario: AnthropicScenario): void;
  /** Answers begun and not yet finished or closed. */
  activeResponses(): number;
  /** Resolves when a client closes an unfinished answer (at once if one already did). */
  waitForClientClose(): Promise<void>;
  close(): Promise<void>;
}

/** Ids listed by default: chat models, one not in the manifest, one the id filter drops. */
export const DEFAULT_MODEL_IDS = [
  'claude-sonnet-4-5-20250929',
  'claude-haiku-4-5-20251001',
  'claude-opus-4-1-20250805',
  'claude-future-9-20270101',
  'claude-embedding-preview',
] as const;

const DEFAULT_TEXTS = ['Hello', ' from', ' the fake.'];

const asRecord = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The request body as JSON, the raw text when it is not JSON, undefined when empty. */
async function readBody(request: IncomingMessage): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  const raw = Buffer.concat(parts).toString('utf8');
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

/** The header check every API route does first; an error scenario when it fails. */
function headerProblem(request: RecordedRequest, apiKey?: string): AnthropicScenario | undefined {
  const key = request.headers['x-api-key'];
  if (typeof key !== 'string' || key === '') {
    const message = 'x-api-key header is required';
    return { kind: 'error', status: 401, type: 'authentication_error', message };
  }
  if (apiKey !== undefined && key !== apiKey) {
    return {
      kind: 'error',
      status: 401,
      type: 'authentication_error',
      message: 'invalid x-api-key',
    };
  }
  if (!request.headers['anthropic-version']) {
    const message = 'anthropic-version: header is required';
    return { kind: 'error', status: 400, type: 'invalid_request_error', message };
  }
  return undefined;
}

/** Start a fake Anthropic API on a free port of 127.0.0.1. */
export async function startFakeAnthropic(
  options: FakeAnthropicOptions = {},
): Promise<FakeAnthropic> {
  const requests: RecordedRequest[] = [];
  const queue: AnthropicScenario[] = [];
  const sockets = new Set<Socket>();
  const closes = new ClientCloses();
  const shutdown = new AbortController();
  const dropping = new WeakSet<ServerResponse>();
  const modelIds = options.modelIds ?? DEFAULT_MODEL_IDS;
  let active = 0;

  const defaultScenario = (request: RecordedRequest): AnthropicScenario => {
    const body = asRecord(request.body);
    const model = typeof body.model === 'string' ? body.model : undefined;
    if (request.method === 'POST' && request.path === '/v1/messages') {
      if (body.stream === true) {
        return {
          kind: 'events',
          events: anthropicTextEvents(options.defaultTexts ?? DEFAULT_TEXTS, {
            model,
            ...(options.defaultUsage && { usage: options.defaultUsage }),
          }),
        };
      }
      const text = DEFAULT_TEXTS.join('');
      return { kind: 'json', body: anthropicMessage([{ type: 'text', text }], { model }) };
    }
    if (request.method === 'GET' && request.path === '/v1/models') {
      return {
        kind: 'json',
        body: modelListPage(modelIds, request.query, options.modelsPageSize ?? 1000),
      };
    }
    return { kind: 'error', status: 404, type: 'not_found_error', message: 'Not Found' };
  };

  const stream = async (
    response: ServerResponse,
    scenario: Extract<AnthropicScenario, { kind: 'events' }>,
    common: Record<string, string>,
  ) => {
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      ...common,
      ...scenario.headers,
    });
    response.flushHeaders();
    let flushed = Promise.resolve();
    for (const [index, event] of scenario.events.entries()) {
      if (index > 0 && scenario.delayMs) {
        await sleep(scenario.delayMs, undefined, { signal: shutdown.signal }).catch(() => {});
      }
      if (response.destroyed || shutdown.signal.aborted) return;
      if (index === scenario.holdAfter) return;
      if (index === scenario.dropAfter) {
        // Let the events before the drop reach the client; destroy() discards buffered writes.
        await flushed;
        dropping.add(response);
        response.socket?.destroy();
        return;
      }
      flushed = new Promise((resolve) => response.write(renderEvent(event), () => resolve()));
    }
    response.end();
  };

  const answer = async (response: ServerResponse, scenario: AnthropicScenario, id: string) => {
    const common = { 'request-id': id, 'anthropic-organization-id': 'org-fake' };
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
        return json(
          scenario.status,
          anthropicErrorBody(scenario.type, scenario.message, id),
          scenario.headers,
        );
      case 'events':
        return stream(response, scenario, common);
    }
  };

  const server = createServer(async (incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const request: RecordedRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      body: await readBody(incoming).catch(() => undefined),
    };
    requests.push(request);
    const scenario =
      headerProblem(request, options.apiKey) ?? queue.shift() ?? defaultScenario(request);
    active++;
    response.on('close', () => {
      active--;
      if (!response.writableFinished && !shutdown.signal.aborted && !dropping.has(response)) {
        closes.notify();
      }
    });
    answer(response, scenario, `req_fake_${requests.length}`).catch((error: unknown) => {
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
    requests,
    lastRequest: () => requests.at(-1),
    reply: (scenario) => void queue.push(scenario),
    activeResponses: () => active,
    waitForClientClose: () => closes.wait(),
    async close() {
      shutdown.abort();
      await closeFakeServer(server, sockets);
    },
  };
}
