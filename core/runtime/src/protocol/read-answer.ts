import type { RuntimeLogger } from '../contract/runtime.js';
import { isManifoldError } from '../errors/manifold-error.js';
import { findUpstreamFault } from '../errors/upstream-fault.js';
import { parseJSONChunk } from './chunk-error.js';
import { decodeSSE, type SSEMessage } from './sse-decode.js';
import type { StreamPart } from './stream-part.js';

/**
 * True for a failure that is the gateway's own verdict on the answer, not a dropped connection: a
 * catalogue error (a chunk that is not JSON) or an `UpstreamFault` (a limit or timeout).
 */
export const isVerdict = (error: unknown): boolean =>
  isManifoldError(error) || findUpstreamFault(error) !== undefined;

/**
 * The items of a source until it fails: a dropped connection ends the source quietly (the stream
 * builder then reports `unexpected_end` when no finish came), instead of a thrown network error.
 * `onDrop` sees the error. A verdict (`isVerdict`: a line over the limit, a timeout) is thrown on.
 */
export async function* endOnDrop<T>(
  source: AsyncIterable<T>,
  onDrop?: (error: unknown) => void,
): AsyncGenerator<T> {
  try {
    yield* source;
  } catch (error) {
    if (isVerdict(error)) throw error;
    onDrop?.(error);
  }
}

/** Whether an answer is read as SSE: its type says so, or it is untyped and a stream was asked for. */
export function isSSEAnswer(response: Pick<Response, 'headers'>, streamed: boolean): boolean {
  const type = response.headers.get('content-type') ?? '';
  return type.includes('text/event-stream') || (streamed && !type.includes('json'));
}

/** How to read one provider's accepted answer (`readAnswer`). */
export interface ReadAnswerOptions {
  provider: string;
  logger: RuntimeLogger;
  /** A stream was asked for: a body whose type says neither SSE nor JSON is read as SSE. */
  streamed: boolean;
  /** Sees every raw SSE data payload or whole JSON body (the `DEBUG_<ID>_CHAT_COMPLETION` log). */
  onData?: (data: string) => void;
  /** Parts of an SSE body. */
  stream(messages: AsyncIterable<SSEMessage>): AsyncIterable<StreamPart>;
  /**
   * Parts of a whole JSON answer, parsed already; throws (a catalogue error) for an error the
   * answer reports with a 2xx status, so that it is still an HTTP error.
   */
  whole(answer: unknown): Iterable<StreamPart> | AsyncIterable<StreamPart>;
}

async function* iterate(parts: Iterable<StreamPart> | AsyncIterable<StreamPart>) {
  yield* parts;
}

/**
 * The parts of an upstream answer the provider accepted: its SSE body (`text/event-stream`, or
 * untyped when a stream was asked for), decoded and read until the connection drops; or a JSON body
 * read whole now, so that a body that is not JSON or reports an error fails before any event.
 */
export async function readAnswer(
  response: Response,
  body: AsyncIterable<Uint8Array> | ReadableStream<Uint8Array> | null,
  options: ReadAnswerOptions,
): Promise<AsyncIterable<StreamPart>> {
  if (isSSEAnswer(response, options.streamed) && body) {
    const messages = endOnDrop(decodeSSE(body), (error) =>
      options.logger.debug(
        { provider: options.provider, error: String(error) },
        'upstream connection ended early',
      ),
    );
    return options.stream(messages);
  }
  const text = await response.text();
  options.onData?.(text);
  return iterate(options.whole(parseJSONChunk(text)));
}
