import type { PullProgress } from '@manifold/core/contract/runtime';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import { streamChunkError } from '@manifold/core/protocol/chunk-error';
import { dropEmpty } from '@manifold/core/protocol/convert-usage';
import { unexpectedEndError } from '@manifold/core/protocol/event-assembler';
import { NDJSONDecoder } from '@manifold/core/protocol/ndjson-decode';
import { isVerdict } from '@manifold/core/protocol/read-answer';
import { randomId } from '@manifold/core/protocol/random-id';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { OllamaStreamError } from './errors.js';

const NEWLINE = 0x0a;

/**
 * Feed the decoder one line at a time (a newline byte never occurs inside a UTF-8 sequence), so
 * that a malformed line throws only after the values of the lines before it were yielded.
 */
function* lineValues(decoder: NDJSONDecoder, chunk: Uint8Array): Generator<unknown> {
  let start = 0;
  for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
    yield* decoder.push(chunk.subarray(start, end + 1));
    start = end + 1;
  }
  if (start < chunk.length) yield* decoder.push(chunk.subarray(start));
}

/**
 * The JSON values of an NDJSON body, one per line, read as they arrive. A line that is not JSON
 * throws StreamChunkError; a connection that breaks (dropped, or aborted) just ends the values —
 * whoever reads them knows whether the end marker came. Stopping early cancels the body.
 */
export async function* ndjsonValues(
  body: ReadableStream<Uint8Array> | null,
  onDrop?: (error: unknown) => void,
): AsyncGenerator<unknown> {
  if (!body) return;
  const decoder = new NDJSONDecoder();
  const reader = body.getReader();
  let done = false;
  try {
    for (;;) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch (error) {
        done = true;
        if (isVerdict(error)) throw error;
        onDrop?.(error);
        return;
      }
      if (result.done) break;
      yield* lineValues(decoder, result.value);
    }
    done = true;
    yield* decoder.end();
  } finally {
    if (!done) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** One `/api/chat` answer object (streamed chunk or whole answer), as far as it is read here. */
interface ChatChunk {
  message?: {
    content?: unknown;
    thinking?: unknown;
    tool_calls?: Array<{ id?: unknown; function?: { name?: unknown; arguments?: unknown } }>;
  };
  done?: unknown;
  done_reason?: unknown;
  prompt_eval_count?: unknown;
  eval_count?: unknown;
  error?: unknown;
}

const asObject = (value: unknown): Record<string, unknown> => {
  if (typeof value === 'object' && value !== null && !Array.isArray(value))
    return value as Record<string, unknown>;
  throw streamChunkError(JSON.stringify(value) ?? String(value));
};

const count = (value: unknown): number => (typeof value === 'number' ? value : 0);

/** Counter of tool calls across one answer: Ollama sends each call whole, without an index. */
export interface ToolCallCounter {
  next: number;
}

/**
 * The parts of one answer object: thinking → reasoning, content → text (its `<think>` tags are
 * split by the stream builder), each tool call whole (arguments stringified; Ollama's `id` when it
 * sends one, else `<name>_<index>_<random>`), and on `done` the usage and the finish reason
 * (`done_reason`, else "stop").
 */
export function* answerParts(value: unknown, calls: ToolCallCounter): Generator<StreamPart> {
  const chunk = asObject(value) as ChatChunk;
  const message = chunk.message ?? {};
  if (typeof message.thinking === 'string' && message.thinking !== '')
    yield { type: 'reasoning', text: message.thinking };
  if (typeof message.content === 'string' && message.content !== '')
    yield { type: 'text', text: message.content };
  for (const call of message.tool_calls ?? []) {
    const index = calls.next++;
    const name = typeof call.function?.name === 'string' ? call.function.name : '';
    const args = call.function?.arguments ?? {};
    yield {
      type: 'tool_call',
      index,
      id:
        typeof call.id === 'string' && call.id !== '' ? call.id : `${name}_${index}_${randomId(8)}`,
      name,
      arguments: typeof args === 'string' ? args : JSON.stringify(args),
    };
  }
  if (chunk.done !== true) return;
  const input = count(chunk.prompt_eval_count);
  const output = count(chunk.eval_count);
  const usage = dropEmpty({
    totalInputTokens: input,
    totalOutputTokens: output,
    totalTokens: input + output,
  });
  if (Object.keys(usage).length > 0) yield { type: 'usage', usage };
  const reason =
    typeof chunk.done_reason === 'string' && chunk.done_reason ? chunk.done_reason : 'stop';
  yield { type: 'finish', reason };
}

/** The parts of a streamed `/api/chat` answer; `done: true` is the end marker. */
export async function* chatStreamParts(
  values: AsyncIterable<unknown>,
  mapError: (error: unknown) => ManifoldError,
): AsyncGenerator<StreamPart> {
  const calls: ToolCallCounter = { next: 0 };
  for await (const value of values) {
    const chunk = asObject(value) as ChatChunk;
    if (chunk.error !== undefined) {
      yield { type: 'error', error: mapError(new OllamaStreamError(String(chunk.error))) };
      return;
    }
    yield* answerParts(chunk, calls);
    if (chunk.done === true) {
      yield { type: 'end' };
      return;
    }
  }
}

/**
 * The progress reports of a streamed `/api/pull`, as Ollama sends them (`status`, and `digest`,
 * `total`, `completed` while downloading), ending after `success`. An `{"error": …}` line throws
 * OllamaBizError; a stream that ends before `success` throws ProviderBizError `unexpected_end`.
 */
export async function* pullProgress(
  values: AsyncIterable<unknown>,
  mapError: (error: unknown) => ManifoldError,
  provider: string,
): AsyncGenerator<PullProgress> {
  for await (const value of values) {
    const line = asObject(value);
    if (line.error !== undefined) throw mapError(new OllamaStreamError(String(line.error)));
    const progress: PullProgress = { status: typeof line.status === 'string' ? line.status : '' };
    if (typeof line.digest === 'string') progress.digest = line.digest;
    if (typeof line.total === 'number') progress.total = line.total;
    if (typeof line.completed === 'number') progress.completed = line.completed;
    yield progress;
    if (progress.status === 'success') return;
  }
  throw unexpectedEndError(provider);
}
