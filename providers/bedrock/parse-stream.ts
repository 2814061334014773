import { anthropicStreamParts } from '@manifold/wire-anthropic/parse-stream';
import type { Usage } from '@manifold/core/contract/usage';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import { parseJSONChunk, streamChunkError } from '@manifold/core/protocol/chunk-error';
import { isVerdict } from '@manifold/core/protocol/read-answer';
import { dropEmpty } from '@manifold/core/protocol/convert-usage';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { isAwsServiceError } from './errors.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The key Bedrock adds to the last model chunk of every stream (and whole answer). */
export const INVOCATION_METRICS = 'amazon-bedrock-invocationMetrics';

/** One event of the SDK's `ResponseStream` union, as far as it is read here. */
export interface ResponseStreamEvent {
  chunk?: { bytes?: Uint8Array | undefined } | undefined;
}

const decoder = new TextDecoder();

/** A frame the SDK could not decode (a CRC mismatch): a chunk error, not a dropped connection. */
const CORRUPT_FRAME = /checksum|prelude|message length|message too short/i;

/**
 * The model chunks of an InvokeModelWithResponseStream answer, each chunk's `bytes` parsed as JSON
 * (a chunk that is not JSON throws StreamChunkError; so does a frame the SDK cannot decode).
 * In-stream exceptions the SDK throws (`throttlingException`…) pass through to the error mapper.
 * A connection that drops (undici's `terminated`, the SDK's "Truncated event message") just ends
 * the chunks, so the stream builder reports `unexpected_end` unless a finish reason came first.
 */
export async function* modelChunks(
  events: AsyncIterable<ResponseStreamEvent> | Iterable<ResponseStreamEvent>,
  onDrop: (error: unknown) => void,
  onChunk?: (text: string) => void,
): AsyncGenerator<unknown> {
  try {
    for await (const event of events) {
      const bytes = event.chunk?.bytes;
      if (!bytes) continue;
      const text = decoder.decode(bytes);
      onChunk?.(text);
      yield parseJSONChunk(text);
    }
  } catch (error) {
    if (isVerdict(error) || isAwsServiceError(error) || error instanceof SyntaxError) throw error;
    if (error instanceof Error && CORRUPT_FRAME.test(error.message))
      throw streamChunkError('', error);
    onDrop(error);
  }
}

/** Bedrock's own token counts (from the invocation metrics), as a usage record. */
export function metricsUsage(metrics: unknown): Usage | undefined {
  if (!isObject(metrics)) return undefined;
  const input = Number(metrics.inputTokenCount) || 0;
  const output = Number(metrics.outputTokenCount) || 0;
  const usage = dropEmpty({
    totalInputTokens: input,
    totalOutputTokens: output,
    totalTokens: input + output,
  });
  return Object.keys(usage).length > 0 ? usage : undefined;
}

/**
 * Claude's chunks are Anthropic stream events: the shared Anthropic parser reads them. Bedrock's
 * invocation metrics on `message_stop` are used for usage only when the events reported none.
 */
export async function* claudeParts(
  chunks: AsyncIterable<unknown> | Iterable<unknown>,
  mapError: (error: unknown) => ManifoldError,
): AsyncGenerator<StreamPart> {
  let metrics: unknown;
  async function* watched() {
    for await (const chunk of chunks) {
      if (isObject(chunk) && chunk[INVOCATION_METRICS] !== undefined)
        metrics = chunk[INVOCATION_METRICS];
      yield chunk;
    }
  }
  let reported = false;
  for await (const part of anthropicStreamParts(watched(), { mapError })) {
    if (part.type === 'usage') reported = true;
    if (part.type === 'end' && !reported) {
      const usage = metricsUsage(metrics);
      if (usage) yield { type: 'usage', usage };
    }
    yield part;
  }
}

/**
 * Llama chunks `{generation, prompt_token_count, generation_token_count, stop_reason}`: the text,
 * the finish reason (`stop`, `length`) as sent, usage from Bedrock's invocation metrics (else the
 * prompt count of the first chunk and the latest cumulative generation count). The stream ends
 * when the chunks end after a stop reason.
 */
export async function* llamaParts(
  chunks: AsyncIterable<unknown> | Iterable<unknown>,
): AsyncGenerator<StreamPart> {
  let promptTokens = 0;
  let generationTokens = 0;
  let metrics: unknown;
  let finished = false;
  for await (const chunk of chunks) {
    if (!isObject(chunk)) continue;
    if (typeof chunk.generation === 'string' && chunk.generation !== '')
      yield { type: 'text', text: chunk.generation };
    if (typeof chunk.prompt_token_count === 'number') promptTokens = chunk.prompt_token_count;
    if (typeof chunk.generation_token_count === 'number')
      generationTokens = chunk.generation_token_count;
    if (chunk[INVOCATION_METRICS] !== undefined) metrics = chunk[INVOCATION_METRICS];
    if (typeof chunk.stop_reason === 'string' && chunk.stop_reason !== '' && !finished) {
      finished = true;
      yield { type: 'finish', reason: chunk.stop_reason };
    }
  }
  if (!finished) return;
  const usage =
    metricsUsage(metrics) ??
    dropEmpty({
      totalInputTokens: promptTokens,
      totalOutputTokens: generationTokens,
      totalTokens: promptTokens + generationTokens,
    });
  if (Object.keys(usage).length > 0) yield { type: 'usage', usage };
  yield { type: 'end' };
}
