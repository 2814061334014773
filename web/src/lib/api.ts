import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { STREAM_CHUNK_ERROR_MESSAGE } from '@manifold/core/protocol/chunk-error';
import { decodeSSE } from '@manifold/core/protocol/sse-decode';
import { ChatFetchError, errorFromResponse, isAbortError, networkError } from './api-error.js';
import { authHeaders, syncServerClock, type TokenPayload } from './auth-token.js';
import { traceHeaders } from './trace.js';

/** The `fetch` the API functions call; injectable for tests. */
export type FetchImpl = (input: string, init?: RequestInit) => Promise<Response>;

const defaultFetch: FetchImpl = (input, init) => fetch(input, init);

/**
 * Send one request; a rejected fetch becomes `networkError` (an abort is rethrown as is) and a
 * non-OK answer `errorFromResponse`. On `SystemTimeNotMatchError` with a numeric `body.serverTime`
 * the clock offset is corrected and the request (with freshly signed headers) is sent once more.
 */
async function send(
  fetchImpl: FetchImpl,
  url: string,
  makeInit: () => Promise<RequestInit>,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    let response: Response;
    try {
      response = await fetchImpl(url, await makeInit());
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw networkError(error);
    }
    if (response.ok) return response;
    const error = await errorFromResponse(response);
    if (
      attempt === 0 &&
      error.errorType === 'SystemTimeNotMatchError' &&
      syncServerClock(error.body.serverTime)
    ) {
      continue;
    }
    throw error;
  }
}

/** Parse a JSON answer body, turning a malformed one into a `ChatFetchError` of its status. */
async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const value: unknown = await response.json();
    if (value !== null && typeof value === 'object') return value as Record<string, unknown>;
  } catch (error) {
    if (isAbortError(error)) throw error;
  }
  throw new ChatFetchError(response.status, response.status, {
    message: 'The gateway answered with a body that is not the expected JSON',
  });
}

/** Extra headers of every chat request (the tools feature adds the person's MCP servers). */
let chatHeaders: () => Record<string, string> = () => ({});
export function setChatHeaders(source: () => Record<string, string>): void {
  chatHeaders = source;
}

/** `GET /providers`: every provider manifest (CONTRACT §5), enabled ones first. Needs no auth. */
export async function fetchProviders(
  fetchImpl: FetchImpl = defaultFetch,
): Promise<ProviderManifest[]> {
  const response = await send(fetchImpl, '/providers', async () => ({
    method: 'GET',
    headers: { accept: 'application/json' },
  }));
  const body = await readJson(response);
  return Array.isArray(body.providers) ? (body.providers as ProviderManifest[]) : [];
}

/** `GET /webapi/models/:provider`: the model cards the provider itself lists (`source: "remote"`). */
export async function fetchRemoteModels(
  provider: string,
  vault: TokenPayload,
  fetchImpl: FetchImpl = defaultFetch,
): Promise<ModelCard[]> {
  const url = `/webapi/models/${encodeURIComponent(provider)}`;
  const response = await send(fetchImpl, url, async () => ({
    method: 'GET',
    headers: { ...(await authHeaders(vault)), accept: 'application/json' },
  }));
  const body = await readJson(response);
  return Array.isArray(body.models) ? (body.models as ModelCard[]) : [];
}

/** What `POST /webapi/text-to-image/:provider` takes (CONTRACT §3). */
export interface TextToImageBody {
  model: string;
  prompt: string;
  n?: number;
  size?: string;
}

/**
 * `POST /webapi/text-to-image/:provider`: the images (URLs or data URLs) of one generation. Throws
 * `ChatFetchError` for an error answer; an abort through `signal` rethrows the AbortError.
 */
export async function generateImages(
  provider: string,
  request: TextToImageBody,
  vault: TokenPayload,
  signal?: AbortSignal,
  fetchImpl: FetchImpl = defaultFetch,
): Promise<string[]> {
  const url = `/webapi/text-to-image/${encodeURIComponent(provider)}`;
  const payload = JSON.stringify(request);
  const response = await send(fetchImpl, url, async () => ({
    method: 'POST',
    headers: { ...(await authHeaders(vault)), ...traceHeaders(), accept: 'application/json' },
    body: payload,
    ...(signal && { signal }),
  }));
  const body = await readJson(response);
  return Array.isArray(body.images)
    ? body.images.filter((image): image is string => typeof image === 'string')
    : [];
}

/**
 * The synthetic event for a `data` line that is not JSON, shaped like LobeChat's client error
 * (reference §6.5): type `StreamChunkError`, body `{message, context: {chunk, error}}`.
 */
export function chunkParseErrorEvent(id: string, chunk: string, cause: unknown): StreamEvent {
  const error =
    cause instanceof Error
      ? { name: cause.name, message: cause.message }
      : { name: 'Error', message: String(cause) };
  return {
    id,
    event: 'error',
    data: {
      type: 'StreamChunkError',
      message: STREAM_CHUNK_ERROR_MESSAGE,
      body: {
        message: STREAM_CHUNK_ERROR_MESSAGE,
        context: { chunk: chunk.slice(0, 1000), error },
      },
    },
  };
}

/**
 * Read the events of an opened chat stream. Stops after an `error` event (which ends a stream).
 * When the body ends without a `stop` or `error` event (connection cut), throws `networkError`;
 * a read that fails because the signal fired rethrows the AbortError.
 */
async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  let finished = false;
  try {
    for await (const message of decodeSSE(body)) {
      if (message.event === undefined) continue;
      const id = message.id ?? '';
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch (cause) {
        yield chunkParseErrorEvent(id, message.data, cause);
        return;
      }
      const event = { id, event: message.event, data } as StreamEvent;
      if (event.event === 'stop') finished = true;
      yield event;
      if (event.event === 'error') return;
    }
  } catch (error) {
    if (isAbortError(error) || error instanceof ChatFetchError) throw error;
    throw networkError(error);
  }
  if (!finished) throw networkError(new Error('The connection closed before the answer ended'));
}

/**
 * `POST /webapi/chat/:provider` with the caller's key vault as the auth token. Resolves once the
 * gateway accepted the request, with a generator of the stream's events `{id, event, data}`
 * (CONTRACT §4; `data` JSON-parsed, a non-JSON line yields a `StreamChunkError` error event).
 * Throws `ChatFetchError` for an error answer (after one retry with a corrected clock on
 * `SystemTimeNotMatchError`) or a network failure; an abort through `signal` rethrows the
 * AbortError, both here and from the generator. Breaking out of the generator cancels the body.
 */
export async function openChatStream(
  provider: string,
  request: ChatRequest,
  vault: TokenPayload,
  signal: AbortSignal,
  fetchImpl: FetchImpl = defaultFetch,
): Promise<AsyncGenerator<StreamEvent>> {
  const url = `/webapi/chat/${encodeURIComponent(provider)}`;
  const payload = JSON.stringify(request);
  const response = await send(fetchImpl, url, async () => ({
    method: 'POST',
    headers: {
      ...(await authHeaders(vault)),
      ...traceHeaders(),
      ...chatHeaders(),
      accept: 'text/event-stream',
    },
    body: payload,
    signal,
  }));
  if (!response.body) {
    throw new ChatFetchError(response.status, response.status, {
      message: 'The gateway answered without a body',
    });
  }
  return readEvents(response.body);
}

/**
 * `GET /webapi/chat/streams/:id?after=<n>` (CONTRACT §11): the events of a chat stream from its
 * n-th, then the live ones, read like `openChatStream`'s (same errors; 404 when the stream is gone).
 */
export async function openStreamResume(
  streamId: string,
  after: number,
  vault: TokenPayload,
  signal: AbortSignal,
  fetchImpl: FetchImpl = defaultFetch,
): Promise<AsyncGenerator<StreamEvent>> {
  const url = `/webapi/chat/streams/${encodeURIComponent(streamId)}?after=${Math.max(0, after)}`;
  const response = await send(fetchImpl, url, async () => {
    const { 'content-type': _json, ...auth } = await authHeaders(vault);
    return { method: 'GET', headers: { ...auth, accept: 'text/event-stream' }, signal };
  });
  if (!response.body) {
    throw new ChatFetchError(response.status, response.status, {
      message: 'The gateway answered without a body',
    });
  }
  return readEvents(response.body);
}

/** `POST /webapi/chat/streams/:id/stop`: stop a resumable chat's generation (CONTRACT §11). */
export async function stopChatStream(
  streamId: string,
  vault: TokenPayload,
  fetchImpl: FetchImpl = defaultFetch,
): Promise<void> {
  const url = `/webapi/chat/streams/${encodeURIComponent(streamId)}/stop`;
  await send(fetchImpl, url, async () => ({
    method: 'POST',
    headers: { ...(await authHeaders(vault)), accept: 'application/json' },
    body: '{}',
  }));
}

/** One progress line of a model pull (CONTRACT §3), or the last line of one that failed. */
export interface PullLine {
  status: string;
  completed?: number;
  total?: number;
  digest?: string;
  /** On `status: "error"`: the catalogue type and message of the failure. */
  errorType?: string | number;
  message?: string;
}

/**
 * The lines of an NDJSON body as objects, each as soon as its newline arrives (the last one also
 * without a newline). Blank lines and lines that are not a JSON object with a string `status`
 * are skipped.
 */
export async function* readPullLines(body: ReadableStream<Uint8Array>): AsyncGenerator<PullLine> {
  const decoder = new TextDecoder();
  let pending = '';
  const parse = (line: string): PullLine | undefined => {
    if (!line.trim()) return undefined;
    try {
      const value: unknown = JSON.parse(line);
      if (value && typeof value === 'object' && typeof (value as PullLine).status === 'string')
        return value as PullLine;
    } catch {
      // not a progress line
    }
    return undefined;
  };
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      pending += decoder.decode(value, { stream: !done });
      const lines = pending.split('\n');
      pending = done ? '' : (lines.pop() ?? '');
      for (const line of lines) {
        const parsed = parse(line);
        if (parsed) yield parsed;
      }
      if (done) return;
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * `POST /webapi/models/:provider/pull`: download `model` to the provider's local server. Resolves
 * once the pull started, with its progress lines; throws `ChatFetchError` when it could not start
 * (e.g. 500 `OllamaServiceUnavailable`, 405 for a provider that cannot pull). Aborting `signal`
 * cancels the pull upstream (the gateway stops it) and rethrows the AbortError.
 */
export async function openModelPull(
  provider: string,
  model: string,
  vault: TokenPayload,
  signal: AbortSignal,
  fetchImpl: FetchImpl = defaultFetch,
): Promise<AsyncGenerator<PullLine>> {
  const url = `/webapi/models/${encodeURIComponent(provider)}/pull`;
  const payload = JSON.stringify({ model });
  const response = await send(fetchImpl, url, async () => ({
    method: 'POST',
    headers: { ...(await authHeaders(vault)), accept: 'application/x-ndjson' },
    body: payload,
    signal,
  }));
  if (!response.body) {
    throw new ChatFetchError(response.status, response.status, {
      message: 'The gateway answered without a body',
    });
  }
  return readPullLines(response.body);
}
