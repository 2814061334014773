/**
 * A wire-faithful fake Amazon Bedrock runtime: a real `node:http` server on 127.0.0.1 that checks
 * every request's SigV4 signature (403 `InvalidSignatureException` / `UnrecognizedClientException`
 * as AWS answers), records it, and answers queued scenarios or a realistic default:
 * - `POST /model/{modelId}/invoke-with-response-stream` → `application/vnd.amazon.eventstream`,
 *   binary frames (`bedrock-eventstream.ts`), each `chunk` carrying the model's JSON in `bytes`;
 * - `POST /model/{modelId}/invoke` → the model's JSON (Claude message, Llama generation, Titan
 *   embedding);
 * - errors as `{"message": …}` with `x-amzn-ErrorType`.
 *
 * @example
 * const fake = await startFakeBedrock();
 * t.teardown(() => fake.close());
 * fake.reply(streamOf(claudeTextEvents(['Hel', 'lo'])));
 * fake.reply(bedrockError(429, 'ThrottlingException', 'Too many requests'));
 */
import { randomUUID } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { chunkMessage, encodeMessage, exceptionMessage } from './bedrock-eventstream.js';
import { verifySigV4, type FakeCredentials } from './bedrock-sigv4.js';
import {
  bedrockError,
  defaultScenario,
  type Frame,
  type RecordedRequest,
  type Scenario,
} from './bedrock-scenario.js';

export {
  bedrockError,
  defaultScenario,
  streamOf,
  type Frame,
  type RecordedRequest,
  type Scenario,
} from './bedrock-scenario.js';
import { ClientCloses, closeFakeServer } from './fake-server.js';

/** The key pair the fake knows by default (AWS's documentation example keys). */
export const TEST_CREDENTIALS: FakeCredentials = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
};

/** A running fake Bedrock. */
export interface FakeBedrock {
  /** `http://127.0.0.1:<port>`, the SDK `endpoint`. */
  url: string;
  requests: RecordedRequest[];
  lastRequest(): RecordedRequest | undefined;
  /** Queue the answer to the next signed request (FIFO). */
  reply(scenario: Scenario): void;
  /** Answers begun and neither finished nor closed by the client. */
  activeResponses(): number;
  /** Connections that carried a request and are still open. */
  openConnections(): number;
  /** Resolves when a client closes an in-flight answer (at once if one already did). */
  waitForClientClose(): Promise<void>;
  close(): Promise<void>;
}

const ROUTE = /^\/model\/([^/]+)\/(invoke|invoke-with-response-stream)$/;
const REQUEST_ID = () => randomUUID();

const errorHeaders = (type: string) => ({
  'content-type': 'application/json',
  'x-amzn-requestid': REQUEST_ID(),
  'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/`,
});

/** Start a fake Bedrock runtime on a free port of 127.0.0.1. */
export async function startFakeBedrock(
  options: { credentials?: FakeCredentials[] } = {},
): Promise<FakeBedrock> {
  const known = options.credentials ?? [TEST_CREDENTIALS];
  const requests: RecordedRequest[] = [];
  const queue: Scenario[] = [];
  const sockets = new Set<Socket>();
  const usedSockets = new Set<Socket>();
  const shutdown = new AbortController();
  const dropping = new WeakSet<ServerResponse>();
  const closes = new ClientCloses();
  let active = 0;

  const frameBytes = (frame: Exclude<Frame, { drop: true } | { pause: number }>): Buffer => {
    if ('chunk' in frame) return chunkMessage(JSON.stringify(frame.chunk));
    if ('chunkText' in frame) return chunkMessage(frame.chunkText);
    if ('exception' in frame) return exceptionMessage(frame.exception, frame.body);
    if ('payloadText' in frame)
      return encodeMessage(
        { ':event-type': 'chunk', ':content-type': 'application/json', ':message-type': 'event' },
        frame.payloadText,
      );
    return frame.raw;
  };

  const stream = async (
    response: ServerResponse,
    scenario: Extract<Scenario, { kind: 'stream' }>,
  ) => {
    response.writeHead(200, {
      'content-type': 'application/vnd.amazon.eventstream',
      'x-amzn-requestid': REQUEST_ID(),
      'x-amzn-bedrock-content-type': 'application/json',
    });
    response.flushHeaders();
    let flushed = Promise.resolve();
    for (const [index, frame] of scenario.frames.entries()) {
      if (index > 0 && scenario.delayMs)
        await sleep(scenario.delayMs, undefined, { signal: shutdown.signal }).catch(
          () => undefined,
        );
      if (response.destroyed || shutdown.signal.aborted) return;
      if ('pause' in frame) {
        await sleep(frame.pause, undefined, { signal: shutdown.signal }).catch(() => undefined);
        continue;
      }
      if ('drop' in frame) {
        await flushed;
        dropping.add(response);
        response.socket?.destroy();
        return;
      }
      const bytes = frameBytes(frame);
      flushed = new Promise((resolve) => response.write(bytes, () => resolve()));
    }
    response.end();
  };

  const answer = async (response: ServerResponse, scenario: Scenario) => {
    switch (scenario.kind) {
      case 'hang':
        return;
      case 'error':
        response.writeHead(scenario.status, errorHeaders(scenario.type));
        response.end(JSON.stringify({ message: scenario.message }));
        return;
      case 'json':
        response.writeHead(scenario.status ?? 200, {
          'content-type': 'application/json',
          'x-amzn-requestid': REQUEST_ID(),
          ...scenario.headers,
        });
        response.end(JSON.stringify(scenario.body));
        return;
      case 'stream':
        return stream(response, scenario);
    }
  };

  const server = createServer(async (incoming, response) => {
    if (sockets.has(incoming.socket)) usedSockets.add(incoming.socket);
    const parts: Buffer[] = [];
    for await (const part of incoming) parts.push(part as Buffer);
    const raw = Buffer.concat(parts);
    const [rawPath = '/', rawQuery = ''] = (incoming.url ?? '/').split('?');
    const route = ROUTE.exec(rawPath);
    let body: unknown = raw.toString('utf8');
    try {
      body = JSON.parse(body as string);
    } catch {
      // kept as text
    }
    const check = verifySigV4(
      { method: incoming.method ?? 'GET', rawPath, rawQuery, headers: incoming.headers, body: raw },
      known,
    );
    const request: RecordedRequest = {
      method: incoming.method ?? 'GET',
      path: decodeURIComponent(rawPath),
      rawPath,
      headers: incoming.headers,
      body,
      ...(route
        ? {
            modelId: decodeURIComponent(route[1]!),
            operation: route[2] as RecordedRequest['operation'],
          }
        : {}),
      ...(check.ok ? { signature: check.signature } : {}),
    };
    requests.push(request);
    active++;
    response.on('close', () => {
      active--;
      if (!response.writableFinished && !shutdown.signal.aborted && !dropping.has(response)) {
        closes.notify();
      }
    });
    const scenario = check.ok
      ? (queue.shift() ?? defaultScenario(request))
      : bedrockError(403, check.failure.type, check.failure.message);
    answer(response, scenario).catch((error: unknown) => {
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
    throw new Error('fake Bedrock has no TCP address');

  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    lastRequest: () => requests.at(-1),
    reply: (scenario) => void queue.push(scenario),
    activeResponses: () => active,
    openConnections: () => usedSockets.size,
    waitForClientClose: () => closes.wait(),
    async close() {
      shutdown.abort();
      await closeFakeServer(server, sockets);
    },
  };
}
