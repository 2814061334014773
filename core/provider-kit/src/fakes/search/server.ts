/**
 * What the fake search services share: a real `node:http` server on 127.0.0.1 that records every
 * request, plays queued scenarios (results, a documented error, or silence), and reports client
 * closes of unanswered requests. Each service module renders results and errors in its own wire
 * format and checks its own authentication.
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { Socket } from 'node:net';
import { ClientCloses, closeFakeServer } from '../fake-server.js';

/** One search result, before a service renders it. */
export interface FakeResult {
  title: string;
  url: string;
  /** The snippet. */
  content: string;
  /** ISO date-time of publication. */
  published?: string;
  favicon?: string;
}

/** What the next search request gets. */
export type SearchScenario =
  /**
   * These results (none: the service's empty answer); `extra` fields are added to the answer's
   * top level (SearXNG's `unresponsive_engines`, say).
   */
  | { kind: 'results'; results: FakeResult[]; extra?: Record<string, unknown> }
  /** This status and body (JSON unless a string), as the service documents its errors. */
  | { kind: 'error'; status: number; body: unknown; headers?: Record<string, string> }
  /** No answer at all, until the client gives up. */
  | { kind: 'hang' };

/** One request as the fake received it. */
export interface SearchRecordedRequest {
  method: string;
  path: string;
  /** Query parameters (the last value of each). */
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The JSON body, when there was one. */
  body: unknown;
}

/** A fake search service and its controls. */
export interface FakeSearchService {
  /** Origin to use as the service's base URL. */
  url: string;
  requests: SearchRecordedRequest[];
  /** Queue the scenarios of the next search requests (default: `sampleResults`). */
  reply(...scenarios: SearchScenario[]): void;
  /** Resolves when a client closes a request the fake had not answered. */
  closes: ClientCloses;
  close(): Promise<void>;
}

/** Two results naming the query: what a search gets when nothing was queued. */
export function sampleResults(query: string): FakeResult[] {
  const slug =
    query
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'query';
  return [
    {
      title: `${query} — overview`,
      url: `https://docs.example.com/${slug}`,
      content: `Everything about ${query}.`,
      published: '2025-03-01T10:00:00Z',
    },
    {
      title: `News on ${query}`,
      url: `https://news.example.org/${slug}`,
      content: `The latest on ${query}.`,
    },
  ];
}

export const sendJSON = (
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  const isText = typeof body === 'string';
  response.writeHead(status, {
    'content-type': isText ? 'text/html; charset=utf-8' : 'application/json',
    ...headers,
  });
  response.end(isText ? body : JSON.stringify(body));
};

/**
 * What a service does with one request: answer it, or return `'hang'` to leave it open. `next`
 * takes the next queued scenario, or gives the sample results of `query` when none is queued.
 */
export type SearchHandler = (
  request: SearchRecordedRequest,
  next: (query: string) => SearchScenario,
  response: ServerResponse,
) => void | 'hang';

/** Start a fake search service on a free port of 127.0.0.1. */
export async function startSearchService(handle: SearchHandler): Promise<FakeSearchService> {
  const sockets = new Set<Socket>();
  const requests: SearchRecordedRequest[] = [];
  const scenarios: SearchScenario[] = [];
  const closes = new ClientCloses();

  async function receive(request: IncomingMessage, response: ServerResponse) {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    const recorded: SearchRecordedRequest = {
      method: request.method ?? '',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      body,
    };
    requests.push(recorded);
    const next = (query: string): SearchScenario =>
      scenarios.shift() ?? { kind: 'results', results: sampleResults(query) };
    if (handle(recorded, next, response) === 'hang')
      response.once('close', () => {
        if (!response.writableEnded) closes.notify();
      });
  }

  const server = createServer((request, response) => {
    receive(request, response).catch((error: Error) =>
      sendJSON(response, 500, { error: error.message }),
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    requests,
    reply: (...queued) => void scenarios.push(...queued),
    closes,
    close: () => closeFakeServer(server, sockets),
  };
}
