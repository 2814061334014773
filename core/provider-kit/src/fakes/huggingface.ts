/**
 * A wire-faithful fake Hugging Face upstream: one real `node:http` server on 127.0.0.1 serving
 * both hosts the provider talks to —
 * - the Inference Providers router, `POST /v1/chat/completions` (OpenAI-compatible; chunks from
 *   `openai-builders.ts`), bearer token checked: a wrong one is 401 `{"error":"Invalid username or
 *   password."}`;
 * - the Hub's public list, `GET /api/models?pipeline_tag&inference_provider&sort&limit`.
 * Errors come in Hugging Face's two shapes: the string form `{"error":"…","error_type"?:"…"}` (Hub,
 * TGI, the router itself) and the OpenAI object form `{"error":{"message","type","code"}}`
 * (providers behind the router), as HTTP bodies or as `data:` events inside a stream.
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { chatCompletion, chatUsage, textChunks } from './openai-builders.js';
import { DEFAULT_HUB_MODELS, HF_MESSAGES, stringError } from './huggingface-builders.js';
import { closeFakeServer } from './fake-server.js';

export * from './huggingface-builders.js';

/** What the fake answers to one router (or Hub) request. */
export type HuggingFaceScenario =
  | {
      kind: 'chunks';
      chunks: readonly (object | string)[];
      /** Send `data: [DONE]` after the chunks; default true. */
      done?: boolean;
      delayMs?: number;
      dropAfter?: number;
    }
  | { kind: 'json'; status?: number; body: unknown }
  | { kind: 'raw'; status: number; headers?: Record<string, string>; body: string }
  | { kind: 'hang' };

/** One request as the fake received it. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A running fake. */
export interface FakeHuggingFace {
  /** `http://127.0.0.1:<port>`: the Hub base (`HUGGINGFACE_HUB_URL`). */
  url: string;
  /** `${url}/v1`: the router base (`baseURL`, `HUGGINGFACE_PROXY_URL`). */
  baseURL: string;
  /** The token the router accepts. */
  token: string;
  requests: RecordedRequest[];
  lastRequest(): RecordedRequest | undefined;
  reply(scenario: HuggingFaceScenario): void;
  activeResponses(): number;
  openConnections(): number;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    request.on('data', (part: Buffer) => parts.push(part));
    request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    request.on('error', reject);
  });
}

const parseBody = (raw: string): unknown => {
  if (raw === '') return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
};

function defaultChat(body: Record<string, any>): HuggingFaceScenario {
  const options = { id: 'chatcmpl-hf-default', model: String(body.model ?? 'unknown') };
  const texts = ['Hello', ' from', ' Hugging Face.'];
  if (body.stream !== true) return { kind: 'json', body: chatCompletion(texts.join(''), options) };
  const usage = body.stream_options?.include_usage ? { usage: chatUsage(11, 4) } : {};
  return { kind: 'chunks', chunks: textChunks(texts, { ...options, ...usage }) };
}

/** Start the fake on a free port of 127.0.0.1. */
export async function startFakeHuggingFace(
  options: { token?: string; hubModels?: readonly object[] } = {},
): Promise<FakeHuggingFace> {
  const token = options.token ?? 'hf_fake0123456789abcdefghijklmn';
  const hub = options.hubModels ?? DEFAULT_HUB_MODELS;
  const requests: RecordedRequest[] = [];
  const queue: HuggingFaceScenario[] = [];
  const sockets = new Set<Socket>();
  const usedSockets = new Set<Socket>();
  const shutdown = new AbortController();
  let active = 0;

  const json = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, {
      'content-type': 'application/json',
      'x-request-id': `hf-${requests.length}`,
    });
    response.end(JSON.stringify(body));
  };

  const stream = async (
    response: ServerResponse,
    scenario: Extract<HuggingFaceScenario, { kind: 'chunks' }>,
  ) => {
    response.writeHead(200, {
      'content-type': 'text/event-stream',
      'x-inference-provider': 'together',
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

  const route = (request: RecordedRequest): HuggingFaceScenario => {
    if (request.method === 'GET' && request.path === '/api/models') {
      const queued = queue.shift();
      if (queued) return queued;
      const pipeline = request.query.get('pipeline_tag');
      const limit = Number(request.query.get('limit') ?? 1000);
      const matching = hub.filter(
        (model) => !pipeline || (model as { pipeline_tag?: string }).pipeline_tag === pipeline,
      );
      return { kind: 'json', body: matching.slice(0, limit) };
    }
    if (request.method !== 'POST' || request.path !== '/v1/chat/completions') {
      return { kind: 'json', status: 404, body: stringError('Not Found') };
    }
    if (request.headers.authorization !== `Bearer ${token}`) {
      return { kind: 'json', status: 401, body: stringError(HF_MESSAGES.badCredentials) };
    }
    return queue.shift() ?? defaultChat((request.body ?? {}) as Record<string, any>);
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
    const scenario = route(request);
    const done = (async () => {
      switch (scenario.kind) {
        case 'hang':
          return;
        case 'raw':
          response.writeHead(scenario.status, scenario.headers ?? {});
          return void response.end(scenario.body);
        case 'json':
          return json(response, scenario.status ?? 200, scenario.body);
        case 'chunks':
          return stream(response, scenario);
      }
    })();
    done.catch((error: unknown) => {
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
    baseURL: `${url}/v1`,
    token,
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
