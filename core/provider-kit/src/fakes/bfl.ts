/**
 * A wire-faithful fake of the Black Forest Labs API (docs.bfl.ai): a real `node:http` server on
 * 127.0.0.1 that checks the `x-key` header, records every request and plays queued scenarios,
 * one per task. Routes:
 * - `POST /v1/{model}` — create a task; answers `{id, polling_url}`;
 * - `GET /v1/get_result?id=…` — `{id, status, result, progress, details, preview}` with status
 *   `Pending`, `Ready` (`result.sample` the image URL), `Request Moderated`, `Content Moderated`,
 *   `Error` or `Task not found`.
 * A wrong key is 403 `{"detail": "Not authenticated - Invalid Authentication"}`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { closeFakeServer } from './fake-server.js';

/** What one task does. */
export type BflScenario =
  /** `Pending` for `pendingPolls` polls, then `Ready` with a sample URL naming the task. */
  | { kind: 'image'; pendingPolls?: number }
  /** The task ends in this state without an image. */
  | { kind: 'end'; status: 'Request Moderated' | 'Content Moderated' | 'Error' | 'Task not found' }
  /** The task is refused at creation with this status and body. */
  | { kind: 'refuse'; status: number; body: unknown }
  /** `Pending` forever. */
  | { kind: 'stuck' };

/** One request as the fake received it. */
export interface BflRecordedRequest {
  method: string;
  path: string;
  search: string;
  key: string | undefined;
  body: unknown;
}

/** The fake and its controls. */
export interface FakeBfl {
  url: string;
  key: string;
  requests: BflRecordedRequest[];
  /** Queue the scenario of the next task created (default: an image at once). */
  reply(...scenarios: BflScenario[]): void;
  close(): Promise<void>;
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** The sample URL the fake gives task `id` (signed delivery URLs in real life). */
export const sampleURL = (id: string) =>
  `https://delivery-eu1.bfl.ai/results/${id}/sample.jpeg?se=2026-01-01T00%3A00%3A00Z&sig=abc`;

/** Start the fake on a free port. */
export async function startFakeBfl(key = 'bfl-test-key-0001'): Promise<FakeBfl> {
  const sockets = new Set<Socket>();
  const requests: BflRecordedRequest[] = [];
  const scenarios: BflScenario[] = [];
  const tasks = new Map<string, { scenario: BflScenario; polls: number; prompt: unknown }>();
  let origin = '';
  let counter = 0;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const url = new URL(request.url ?? '/', origin);
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    const sent = request.headers['x-key'];
    requests.push({
      method: request.method ?? '',
      path: url.pathname,
      search: url.search,
      key: typeof sent === 'string' ? sent : undefined,
      body,
    });
    if (sent !== key) {
      return json(response, 403, { detail: 'Not authenticated - Invalid Authentication' });
    }
    if (request.method === 'GET' && url.pathname === '/v1/get_result') {
      const id = url.searchParams.get('id') ?? '';
      const task = tasks.get(id);
      const base = { id, result: null, progress: null, details: null, preview: null };
      if (!task) return json(response, 200, { ...base, status: 'Task not found' });
      const { scenario } = task;
      const pending =
        scenario.kind === 'stuck'
          ? Infinity
          : scenario.kind === 'image'
            ? (scenario.pendingPolls ?? 0)
            : 0;
      if (task.polls++ < pending)
        return json(response, 200, { ...base, status: 'Pending', progress: 0.4 });
      if (scenario.kind === 'end') {
        const details = scenario.status.includes('Moderated')
          ? { 'Moderation Reasons': ['Derivative Works Filter'] }
          : null;
        return json(response, 200, { ...base, status: scenario.status, details });
      }
      return json(response, 200, {
        ...base,
        status: 'Ready',
        result: {
          sample: sampleURL(id),
          prompt: task.prompt,
          seed: 1234,
          start_time: 1,
          end_time: 3,
          duration: 2,
        },
      });
    }
    if (request.method !== 'POST' || !/^\/v1\/[\w.-]+$/.test(url.pathname)) {
      return json(response, 404, { detail: 'Not Found' });
    }
    const scenario = scenarios.shift() ?? { kind: 'image' };
    if (scenario.kind === 'refuse') return json(response, scenario.status, scenario.body);
    const id = `task-${++counter}`;
    tasks.set(id, { scenario, polls: 0, prompt: body?.prompt });
    json(response, 200, { id, polling_url: `${origin}/v1/get_result?id=${id}` });
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) =>
      json(response, 500, { detail: error.message }),
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url: origin,
    key,
    requests,
    reply: (...queued) => void scenarios.push(...queued),
    close: () => closeFakeServer(server, sockets),
  };
}
