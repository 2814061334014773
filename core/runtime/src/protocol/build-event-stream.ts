import type { StreamEvent } from '../contract/stream-event.js';
import { isManifoldError, type ManifoldError } from '../errors/manifold-error.js';
import { streamChunkError } from './chunk-error.js';
import { EventAssembler } from './event-assembler.js';
import type { PartSource, StreamPart } from './stream-part.js';

/** Options of `buildEventStream`. */
export interface BuildStreamOptions {
  /** Provider id, put in every error body. */
  provider: string;
  /** `Date.now()` when the gateway received the request (start of ttft). */
  startedAt: number;
  /** Clock, for tests. Default `Date.now`. */
  now?: () => number;
  /** Turns an error the source threw into a catalogue error (not called for ManifoldError or SyntaxError). */
  mapError: (error: unknown) => ManifoldError;
  /** Split `<think>…</think>` inside text into reasoning. Default true. */
  splitThinkTags?: boolean;
  /** The client's abort signal: once aborted the source is stopped and nothing more is emitted. */
  signal?: AbortSignal;
  /**
   * Called once when the stream is over: `completed` when the generator ran to its end (the source's
   * end, an ending error, or an abort), false when its reader stopped early; `failed` when the last
   * event was an `error`. For `UpstreamRelease.settle`.
   */
  onSettled?: (completed: boolean, failed: boolean) => void;
}

const isBatch = (value: StreamPart | readonly StreamPart[]): value is readonly StreamPart[] =>
  Array.isArray(value);

function toManifoldError(error: unknown, mapError: (error: unknown) => ManifoldError) {
  if (isManifoldError(error)) return error;
  if (error instanceof SyntaxError) return streamChunkError('', error);
  return mapError(error);
}

/**
 * Turn a provider's parts (one by one, or in batches: `PartSource`) into the CONTRACT §4 event
 * stream, the same for every provider:
 * - one stable id: the first `id` part, else `chat_<random>`; errors before any content use
 *   `first_chunk_error`, speed uses `output_speed`;
 * - `<think>` tags in text split into reasoning exactly at the tag;
 * - tool-call fragments carry their own call's id (generated `call_<random>` when missing) and name
 *   on every fragment; arguments that arrive before a call's name are held until the name comes
 *   (or until the stream ends, then sent with name `""`);
 * - grounding at most once: every report merged (citations deduplicated by URL, the first title
 *   kept; search queries likewise) and sent after the last content, right before `stop` (or the
 *   ending `error`), so sources that arrive after the text began are kept; the latest usage wins;
 *   `data` parts pass through;
 * - the tail: exactly one `stop` (finish reason, default "stop"), `usage` when reported, `speed`
 *   when output arrived — on the end marker, or when the source completes after a finish reason;
 * - a source completing otherwise gives one `ProviderBizError` (`reason: "unexpected_end"`); an
 *   `error` part or a thrown error gives one `error` event; nothing follows either;
 * - on abort the source is stopped and nothing more is emitted.
 */
export async function* buildEventStream(
  parts: PartSource,
  options: BuildStreamOptions,
): AsyncGenerator<StreamEvent> {
  const assembler = new EventAssembler(
    options.provider,
    options.startedAt,
    options.now ?? Date.now,
    options.splitThinkTags ?? true,
  );
  const out = assembler.out;
  const signal = options.signal;
  // A function, not a narrowed property read: the signal can fire during any await.
  const aborted = () => signal?.aborted === true;
  const iterator = parts[Symbol.asyncIterator]();
  let sourceDone = false;
  // Set once the loop below is left on its own; a reader that stops early leaves it false.
  let completed = false;
  let failed = false;
  try {
    loop: for (;;) {
      if (aborted()) break;
      let result: IteratorResult<StreamPart | readonly StreamPart[]> | undefined;
      try {
        result = await iterator.next();
      } catch (error) {
        sourceDone = true;
        // The upstream request shares the signal, so an abort usually surfaces as a thrown AbortError.
        if (aborted()) break;
        assembler.fail(toManifoldError(error, options.mapError));
      }
      if (aborted()) break;
      let over = true;
      if (result?.done === true) {
        sourceDone = true;
        assembler.sourceEnded();
      } else if (result !== undefined) {
        const value = result.value;
        if (isBatch(value)) {
          over = false;
          for (let i = 0; i < value.length && !over; i++) over = assembler.handle(value[i]!);
        } else over = assembler.handle(value);
      }
      for (let i = 0; i < out.length; i++) {
        if (aborted()) break loop;
        const event = out[i] as StreamEvent;
        failed = event.event === 'error';
        yield event;
      }
      out.length = 0;
      if (over) break;
    }
    completed = true;
  } finally {
    // Stops the source after the end marker, an error part, an abort or a consumer that stopped reading.
    if (!sourceDone) {
      try {
        await iterator.return?.();
      } catch {
        // The source failing while being stopped changes nothing for the client.
      }
    }
    options.onSettled?.(completed, failed);
  }
}
