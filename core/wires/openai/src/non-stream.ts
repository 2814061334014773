import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import {
  convertOpenAIUsage,
  type ConvertUsageOptions,
} from '@manifold/core/protocol/convert-usage';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { UpstreamErrorPayload } from './errors.js';
import {
  citationsOf,
  contentParts,
  imageParts,
  reasoningOf,
  toolCallParts,
} from './parse-chunks.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The error an otherwise successful JSON answer reports (`{error: {...}}` or `{error: "…"}` with a
 * 2xx status, as some compatible providers answer), or undefined.
 */
export function completionError(
  completion: unknown,
  mapError: (error: unknown) => ManifoldError,
): ManifoldError | undefined {
  if (!isObject(completion)) return undefined;
  const error = completion.error;
  if (!isObject(error) && !(typeof error === 'string' && error !== '')) return undefined;
  return mapError(new UpstreamErrorPayload(error));
}

/**
 * The parts of a complete (non-streaming) `chat.completion`, in stream order: id, grounding,
 * reasoning, text, tool calls, images, finish, usage, end — replayed as if it had streamed.
 */
export function completionParts(
  completion: unknown,
  usage?: ConvertUsageOptions,
  extraCitations?: (completion: Json) => unknown,
): StreamPart[] {
  const parts: StreamPart[] = [];
  if (!isObject(completion)) return [{ type: 'end' }];
  if (typeof completion.id === 'string' && completion.id !== '') {
    parts.push({ type: 'id', id: completion.id });
  }
  const choice =
    Array.isArray(completion.choices) && isObject(completion.choices[0])
      ? completion.choices[0]
      : {};
  const message = isObject(choice.message) ? choice.message : {};
  const citations = citationsOf(
    completion.citations,
    completion.search_results,
    completion.web_search,
    message.annotations,
    extraCitations?.(completion),
  );
  if (citations.length > 0) parts.push({ type: 'grounding', grounding: { citations } });
  const reasoning = reasoningOf(message);
  if (reasoning !== undefined) parts.push({ type: 'reasoning', text: reasoning });
  parts.push(...contentParts(message.content));
  parts.push(...toolCallParts(message.tool_calls));
  parts.push(...imageParts(message.images));
  if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '') {
    parts.push({ type: 'finish', reason: choice.finish_reason });
  }
  if (isObject(completion.usage)) {
    parts.push({ type: 'usage', usage: convertOpenAIUsage(completion.usage, usage) });
  }
  parts.push({ type: 'end' });
  return parts;
}

/** An iterable of already-known parts, for the stream builder. */
export async function* fromParts(parts: readonly StreamPart[]): AsyncGenerator<StreamPart> {
  yield* parts;
}
