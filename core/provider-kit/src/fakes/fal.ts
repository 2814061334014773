/**
 * A wire-faithful fake of fal's queue API (fal.ai/docs/documentation/model-apis/inference/queue):
 * a real `node:http` server on 127.0.0.1 that checks `Authorization: Key <key>`, records every
 * request and plays queued scenarios. Routes:
 * - `POST /{model}` — submit; answers `{request_id, response_url, status_url, cancel_url}`;
 * - `GET /{owner}/{app}/requests/{id}/status` — `{status: IN_QUEUE | IN_PROGRESS | COMPLETED}`;
 * - `GET /{owner}/{app}/requests/{id}` — the result `{images: [{url, width, height,
 *   content_type}], …}`, or the request's error (`{detail: […]}`) when it failed.
 * A wrong key is 401 `{"detail": "…"}`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { closeFakeServer } from './fake-server.js';

/** What one submission does. */
export type FalScenario =
  /** Pending for `pendingPolls` status polls (IN_QUEUE, then IN_PROGRESS), then these images. */
  | { kind: 'images'; pendingPolls?: number; images?: Array<{ url: string }> }
  /** The submission itself is refused with this status and body. */
  | { kind: 'refuse'; status: number; body: unknown }
  /** The request completes, then its result is this error. */
  | { kind: 'fail'; status: number; body: unknown }
  /** Stays IN_QUEUE forever. */
  | { kind: 'stuck' };

/** One request as the fake received it. */
export interface FalRecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/** The fake and its controls. */
export interface FakeFal {
  url: string;
  key: string;
  requests: FalRecordedRequest[];
  /** Queue the scenario of the next submission (default: one image at once). */
  reply(scenario: FalScenario): void;
  close(): Promise<void>;
}

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

/** Start the fake on a free port. */
export async function startFakeFal(key = 'fal-key-id:fal-key-secret'): Promise<FakeFal> {
  const sockets = new Set<Socket>();
  const requests: FalRecordedRequest[] = [];
  const scenarios: FalScenario[] = [];
  const jobs = new Map<string, { scenario: FalScenario; polls: number; body: unknown }>();
  let origin = '';
  let counter = 0;

  async function handle(request: IncomingMessage, response: ServerResponse) {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    const path = new URL(request.url ?? '/', origin).pathname;
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    requests.push({
      method: request.method ?? '',
      path,
      authorization: request.headers.authorization,
      body,
    });
    if (request.headers.authorization !== `Key ${key}`) {
      return json(response, 401, { detail: 'Invalid authentication credentials' });
    }
    const match = /^\/([^/]+\/[^/]+)\/requests\/([^/]+)(\/status)?$/.exec(path);
    if (request.method === 'GET' && match) {
      const job = jobs.get(match[2]!);
      if (!job) return json(response, 404, { detail: 'Request not found' });
      const responseURL = `${origin}/${match[1]}/requests/${match[2]}`;
      if (match[3]) {
        const { scenario } = job;
        const pending =
          scenario.kind === 'stuck'
            ? Infinity
            : scenario.kind === 'images'
              ? (scenario.pendingPolls ?? 0)
              : 0;
        const poll = job.polls++;
        if (poll < pending) {
          const status = poll === 0 || scenario.kind === 'stuck' ? 'IN_QUEUE' : 'IN_PROGRESS';
          return json(response, 202, { status, queue_position: 0, response_url: responseURL });
        }
        return json(response, 200, { status: 'COMPLETED', response_url: responseURL, logs: null });
      }
      if (job.scenario.kind === 'fail')
        return json(response, job.scenario.status, job.scenario.body);
      const images = (job.scenario.kind === 'images' && job.scenario.images) || [
        { url: 'https://v3.fal.media/files/rabbit/generated.png' },
      ];
      return json(response, 200, {
        images: images.map((image) => ({
          ...image,
          width: 1024,
          height: 768,
          content_type: 'image/png',
        })),
        timings: { inference: 0.31 },
        seed: 42,
        has_nsfw_concepts: images.map(() => false),
        prompt: (job.body as { prompt?: string } | undefined)?.prompt,
      });
    }
    if (request.method !== 'POST') return json(response, 405, { detail: 'Method Not Allowed' });
    const scenario = scenarios.shift() ?? { kind: 'images' };
    if (scenario.kind === 'refuse') return json(response, scenario.status, scenario.body);
    const id = `req-${++counter}`;
    jobs.set(id, { scenario, polls: 0, body });
    const app = path.slice(1).split('/').slice(0, 2).join('/');
    json(response, 200, {
      request_id: id,
      response_url: `${origin}/${app}/requests/${id}`,
      status_url: `${origin}/${app}/requests/${id}/status`,
      cancel_url: `${origin}/${app}/requests/${id}/cancel`,
    });
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
    reply: (scenario) => void scenarios.push(scenario),
    close: () => closeFakeServer(server, sockets),
  };
}
