/**
 * A wire-faithful fake Azure upstream: a real `node:http` server on 127.0.0.1 speaking either
 * - `openai` flavour, Azure OpenAI: `POST /openai/deployments/{deployment}/chat/completions` (and
 *   `/embeddings`) `?api-version=…`, key in the `api-key` header; or
 * - `inference` flavour, Azure AI Foundry model inference: `POST /models/chat/completions
 *   ?api-version=2024-05-01-preview`, the deployment in the body's `model`, key in `api-key` or
 *   `Authorization: Bearer`.
 * Checks in Azure's order: route and `api-version` (missing → 404 "Resource not found", unknown →
 * 400 "API version not supported"), then the key (401 "Access denied…"), then the deployment
 * (404 DeploymentNotFound, or 404 unknown_model). Accepted requests are answered from a scenario
 * queue (the OpenAI fake's `Scenario`s) or by default with Azure-shaped streams: a first chunk with
 * empty `choices`, empty `id` and `prompt_filter_results`, `content_filter_results` on choices.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { chatCompletion, chatUsage, textChunks } from './openai-builders.js';
import { errorObject } from './openai-errors.js';
import { framesOf, type Scenario } from './openai-scenario.js';
import {
  ACCESS_DENIED,
  AZURE_TEST_KEY,
  azureChunks,
  azureCompletion,
  azureError,
  deploymentNotFound,
} from './azure-builders.js';
import { ClientCloses, closeFakeServer } from './fake-server.js';

export type { Scenario } from './openai-scenario.js';
export * from './azure-builders.js';

/** One request as the fake received it. */
export interface AzureRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: any;
  /** The deployment it addressed (path segment or body `model`). */
  deployment?: string;
}

/** Options of `startFakeAzure`. */
export interface FakeAzureOptions {
  flavor?: 'openai' | 'inference';
  /** The accepted key (default `AZURE_TEST_KEY`). */
  apiKey?: string;
  /** Deployments the resource has (default: a few per flavour). */
  deployments?: string[];
  /** Supported `api-version` values (default: current GA and previews per flavour). */
  apiVersions?: string[];
}

/** A running fake Azure resource. */
export interface FakeAzure {
  /** `http://127.0.0.1:<port>`: the Azure OpenAI endpoint. */
  url: string;
  /** `${url}/models`: the Azure AI inference endpoint. */
  modelsURL: string;
  requests: AzureRequest[];
  lastRequest(): AzureRequest | undefined;
  /** Queue the answer to the next accepted request (FIFO); checks still run first. */
  reply(scenario: Scenario): void;
  /** Answers begun and neither finished nor closed by the client. */
  activeResponses(): number;
  /** Resolves when a client closes an unfinished answer (at once if one already did). */
  waitForClientClose(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULTS = {
  openai: {
    deployments: [
      'gpt-4o',
      'gpt-4o-mini',
      'o1',
      'o3-mini',
      'o4-mini',
      'gpt-5',
      'text-embedding-3-small',
    ],
    apiVersions: [
      '2024-06-01',
      '2024-10-21',
      '2024-12-01-preview',
      '2025-01-01-preview',
      '2025-04-01-preview',
    ],
  },
  inference: {
    deployments: ['DeepSeek-R1', 'Phi-4', 'Llama-3.3-70B-Instruct', 'gpt-4o', 'o3-mini', 'o4-mini'],
    apiVersions: ['2024-05-01-preview', '2025-05-01'],
  },
};

/** The default answer to an accepted request. */
function defaultScenario(request: AzureRequest): Scenario {
  const model = request.deployment ?? 'gpt-4o';
  if (request.path.endsWith('/embeddings')) {
    const inputs: unknown[] = Array.isArray(request.body?.input)
      ? request.body.input
      : [request.body?.input];
    const data = inputs.map((_, index) => ({
      object: 'embedding',
      index,
      embedding: [0.25, -0.5, 0.75],
    }));
    return {
      kind: 'json',
      body: { object: 'list', data, model, usage: { prompt_tokens: 2, total_tokens: 2 } },
    };
  }
  const texts = ['Hello', ' from', ' Azure.'];
  if (request.body?.stream !== true)
    return { kind: 'json', body: azureCompletion(chatCompletion(texts.join(''), { model })) };
  const usage = request.body.stream_options?.include_usage ? { usage: chatUsage(12, 3) } : {};
  return { kind: 'chunks', chunks: azureChunks(textChunks(texts, { model, ...usage })) };
}

/** Start a fake Azure resource on a free port of 127.0.0.1. */
export async function startFakeAzure(options: FakeAzureOptions = {}): Promise<FakeAzure> {
  const flavor = options.flavor ?? 'openai';
  const key = options.apiKey ?? AZURE_TEST_KEY;
  const deployments = new Set(options.deployments ?? DEFAULTS[flavor].deployments);
  const versions = new Set(options.apiVersions ?? DEFAULTS[flavor].apiVersions);
  const requests: AzureRequest[] = [];
  const queue: Scenario[] = [];
  const sockets = new Set<Socket>();
  const closes = new ClientCloses();
  const shutdown = new AbortController();
  let active = 0;

  /** The refusal Azure gives before a request reaches a deployment, if any. */
  const refusal = (request: AzureRequest, route: RegExpExecArray | null): Scenario | undefined => {
    const version = request.query.get('api-version');
    if (!route || version === null) return azureError(404, '404', 'Resource not found');
    if (!versions.has(version)) return azureError(400, 'BadRequest', 'API version not supported');
    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const given = request.headers['api-key'] || (flavor === 'inference' ? bearer : undefined);
    if (given !== key) return azureError(401, '401', ACCESS_DENIED);
    if (request.deployment && deployments.has(request.deployment)) return undefined;
    if (flavor === 'openai') return deploymentNotFound();
    const message = `Unknown model: ${request.deployment ?? ''}`;
    return azureError(404, 'unknown_model', message, { details: message });
  };

  const answer = async (request: AzureRequest, response: ServerResponse, scenario: Scenario) => {
    const common = {
      'apim-request-id': `apim-${requests.length}`,
      'x-ms-region': 'Sweden Central',
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
        return response.end(scenario.body);
      case 'json':
        return json(scenario.status ?? 200, scenario.body, scenario.headers);
      case 'error':
        return json(scenario.status, { error: errorObject(scenario) }, scenario.headers);
    }
    const framed = framesOf(scenario, false);
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      ...common,
      ...framed.headers,
    });
    response.flushHeaders();
    let flushed = Promise.resolve();
    for (const [index, frame] of framed.frames.entries()) {
      if (index > 0 && framed.delayMs > 0)
        await sleep(framed.delayMs, undefined, { signal: shutdown.signal }).catch(() => undefined);
      if (response.destroyed || shutdown.signal.aborted) return;
      if ('drop' in frame) {
        await flushed;
        (response as ServerResponse & { dropped?: boolean }).dropped = true;
        return response.socket?.destroy();
      }
      flushed = new Promise((resolve) => response.write(frame.text, () => resolve()));
    }
    response.end();
  };

  const server = createServer(async (incoming, response) => {
    const url = new URL(incoming.url ?? '/', 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
    } catch {
      return; // the client went away while sending
    }
    const text = Buffer.concat(chunks).toString('utf8');
    let body: any;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = text;
    }
    const route =
      flavor === 'openai'
        ? /\/openai\/deployments\/([^/]+)\/(chat\/completions|embeddings)$/.exec(url.pathname)
        : /\/models\/(chat\/completions|embeddings)$/.exec(url.pathname);
    const deployment = flavor === 'openai' ? route?.[1] : body?.model;
    const request: AzureRequest = {
      method: incoming.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: incoming.headers,
      body,
      ...(typeof deployment === 'string' && { deployment: decodeURIComponent(deployment) }),
    };
    requests.push(request);
    const scenario = refusal(request, route) ?? queue.shift() ?? defaultScenario(request);
    active++;
    response.on('close', () => {
      active--;
      const dropped = (response as ServerResponse & { dropped?: boolean }).dropped;
      if (response.writableFinished || shutdown.signal.aborted || dropped) return;
      closes.notify();
    });
    answer(request, response, scenario).catch((error: unknown) => {
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
  if (address === null || typeof address === 'string')
    throw new Error('fake Azure has no TCP address');
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    modelsURL: `${url}/models`,
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
