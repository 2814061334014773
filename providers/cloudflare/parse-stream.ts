import { completionParts } from '@manifold/wire-openai/non-stream';
import { createChunkParser } from '@manifold/wire-openai/parse-chunks';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import { parseJSONChunk } from '@manifold/core/protocol/chunk-error';
import { convertOpenAIUsage } from '@manifold/core/protocol/convert-usage';
import type { SSEMessage } from '@manifold/core/protocol/sse-decode';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { errorInBody } from './errors.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** What the Workers AI parsers need from the runtime. */
export interface WorkersAIParseOptions {
  mapError: (error: unknown) => ManifoldError;
  /** Sees every raw `data` payload (debug logging). */
  onData?: (data: string) => void;
  /**
   * The model's chat template opens `<think>` in the prompt, so its answer starts inside the
   * reasoning without the tag (DeepSeek-R1 distills; cloudflare/workers-ai-provider issue #16).
   */
  opensThinkInPrompt?: boolean;
}

/** True for models whose answers can lack the opening `<think>` tag. */
export const opensThinkInPrompt = (model: string): boolean => /deepseek-r1/i.test(model);

const THINK = '<think>';

/**
 * Puts back a missing `<think>` at the start of the answer: text is held until it either starts
 * with the tag (left alone) or cannot (the tag is prepended), then passes through.
 */
function thinkOpener(enabled: boolean): { push(text: string): string[]; flush(): string[] } {
  let decided = !enabled;
  let held = '';
  return {
    push(text) {
      if (decided) return [text];
      held += text;
      const start = held.trimStart();
      if (start === '' || (THINK.startsWith(start) && start.length < THINK.length)) return [];
      decided = true;
      const out = start.startsWith(THINK) ? held : `${THINK}${held}`;
      held = '';
      return [out];
    },
    flush() {
      decided = true;
      const out = held;
      held = '';
      return out === '' ? [] : [out];
    },
  };
}

/**
 * Tool-call fragments of Workers AI's native format: streamed `{id, type, index, function: {name}}`
 * then `{index, function: {arguments}}` pieces and a closing all-null entry (skipped), or whole
 * flat calls `{name, arguments: {…}}` (arguments as an object) without an index.
 */
function nativeToolCalls(): (calls: unknown) => StreamPart[] {
  let next = 0;
  let last = 0;
  return (calls) => {
    if (!Array.isArray(calls)) return [];
    const parts: StreamPart[] = [];
    for (const call of calls) {
      if (!isObject(call)) continue;
      const fn = isObject(call.function) ? call.function : call;
      const name = nonEmpty(fn.name) ? fn.name : undefined;
      const args = fn.arguments;
      const id = nonEmpty(call.id) ? call.id : undefined;
      if (!id && !name && (args === undefined || args === null || args === '')) continue;
      const index =
        typeof call.index === 'number' && call.index >= 0 ? call.index : name ? next : last;
      last = index;
      next = Math.max(next, index + 1);
      const part: Extract<StreamPart, { type: 'tool_call' }> = { type: 'tool_call', index };
      if (id) part.id = id;
      if (name) part.name = name;
      if (typeof args === 'string') part.arguments = args;
      else if (isObject(args)) part.arguments = JSON.stringify(args);
      parts.push(part);
    }
    return parts;
  };
}

/** A parser of native chunks (`{response, tool_calls?, usage?, finish_reason?, p}`). */
function nativeParser(opener: ReturnType<typeof thinkOpener>): (chunk: Json) => StreamPart[] {
  const toolCalls = nativeToolCalls();
  return (chunk) => {
    const parts: StreamPart[] = [];
    const response = isObject(chunk.response) ? JSON.stringify(chunk.response) : chunk.response;
    if (nonEmpty(response)) {
      for (const text of opener.push(response)) parts.push({ type: 'text', text });
    }
    parts.push(...toolCalls(chunk.tool_calls));
    if (nonEmpty(chunk.finish_reason)) parts.push({ type: 'finish', reason: chunk.finish_reason });
    if (isObject(chunk.usage))
      parts.push({ type: 'usage', usage: convertOpenAIUsage(chunk.usage) });
    return parts;
  };
}

/** OpenAI-format answers (vLLM-served models: gpt-oss, qwq…) carry `choices`. */
const isOpenAIFormat = (value: Json): boolean =>
  Array.isArray(value.choices) || value.object === 'chat.completion.chunk';

/**
 * Stream parts of a Workers AI SSE stream, in either format it streams: native `data:
 * {"response":"…","p":"…"}` chunks, an optional usage chunk, or OpenAI `chat.completion.chunk`s;
 * `data: [DONE]` is the end marker. A payload that is not JSON throws StreamChunkError; an error
 * payload becomes an error part.
 */
export async function* parseWorkersAIStream(
  messages: AsyncIterable<SSEMessage>,
  options: WorkersAIParseOptions,
): AsyncGenerator<StreamPart> {
  const opener = thinkOpener(options.opensThinkInPrompt === true);
  const native = nativeParser(opener);
  const openai = createChunkParser({ mapError: options.mapError });
  const flush = (): StreamPart[] => opener.flush().map((text) => ({ type: 'text', text }));
  for await (const message of messages) {
    const data = message.data.trim();
    if (data === '') continue;
    options.onData?.(data);
    if (data === '[DONE]') {
      yield* flush();
      yield { type: 'end' };
      return;
    }
    const chunk = parseJSONChunk(data);
    if (!isObject(chunk)) continue;
    const error = errorInBody(chunk);
    if (error) {
      yield { type: 'error', error: options.mapError(error) };
      return;
    }
    yield* isOpenAIFormat(chunk) ? openai(chunk) : native(chunk);
  }
  yield* flush();
}

/**
 * The parts of a complete (non-streaming) answer `{result: {...}, success: true}`, replayed as if
 * it had streamed: OpenAI-format results through the shared converter, native results as text,
 * flat tool calls, usage, end.
 */
export function resultParts(answer: unknown, options: WorkersAIParseOptions): StreamPart[] {
  const result = isObject(answer) && isObject(answer.result) ? answer.result : answer;
  if (!isObject(result)) return [{ type: 'end' }];
  if (isOpenAIFormat(result)) return completionParts(result);
  const opener = thinkOpener(options.opensThinkInPrompt === true);
  const parts = nativeParser(opener)(result);
  const held = opener.flush().map((text): StreamPart => ({ type: 'text', text }));
  return [...held, ...parts, { type: 'end' }];
}
