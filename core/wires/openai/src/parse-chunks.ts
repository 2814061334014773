import type { Citation } from '@manifold/core/contract/grounding';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import { parseJSONChunk } from '@manifold/core/protocol/chunk-error';
import {
  convertOpenAIUsage,
  type ConvertUsageOptions,
} from '@manifold/core/protocol/convert-usage';
import { SSEDecoder, type SSEMessage } from '@manifold/core/protocol/sse-decode';
import { isVerdict } from '@manifold/core/protocol/read-answer';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { UpstreamErrorPayload } from './errors.js';

/** What the chunk parser needs from the runtime. */
export interface ChunkParserOptions {
  /** Usage rules of the provider. */
  usage?: ConvertUsageOptions;
  /** Maps an error reported inside the stream to a catalogue error. */
  mapError: (error: unknown) => ManifoldError;
  /** Sees every raw `data` payload (debug logging). */
  onData?: (data: string) => void;
  /** Citations in the provider's own chunk fields (`OpenAICompatibleOptions.citations`). */
  citations?: (chunk: Record<string, unknown>) => unknown;
  /** Usage in the provider's own chunk field (`OpenAICompatibleOptions.chunkUsage`). */
  chunkUsage?: (chunk: Record<string, unknown>) => unknown;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** One citation from the shapes compatible providers use: a URL string, `{url|link, title}`, `url_citation`. */
function toCitation(item: unknown): Citation | undefined {
  if (nonEmpty(item)) return { title: item, url: item };
  if (!isObject(item)) return undefined;
  const nested = isObject(item.url_citation) ? item.url_citation : item;
  const url = nonEmpty(nested.url) ? nested.url : nonEmpty(nested.link) ? nested.link : undefined;
  if (!url) return undefined;
  return { title: nonEmpty(nested.title) ? nested.title : url, url };
}

/** Citations of a list, duplicates (same URL) dropped. */
export function citationsOf(...lists: unknown[]): Citation[] {
  const seen = new Set<string>();
  const citations: Citation[] = [];
  for (const list of lists) {
    if (!Array.isArray(list)) continue;
    for (const item of list) {
      const citation = toCitation(item);
      if (!citation || seen.has(citation.url)) continue;
      seen.add(citation.url);
      citations.push(citation);
    }
  }
  return citations;
}

/** Parts of message content: a string is text; array parts may be text or thinking blocks. */
export function* contentParts(content: unknown): Generator<StreamPart> {
  if (nonEmpty(content)) {
    yield { type: 'text', text: content };
    return;
  }
  if (!Array.isArray(content)) return;
  for (const part of content) {
    if (!isObject(part)) continue;
    if (part.type === 'text' && nonEmpty(part.text)) yield { type: 'text', text: part.text };
    if (part.type === 'thinking') {
      const thinking = Array.isArray(part.thinking) ? part.thinking : [part];
      const text = thinking
        .map((item) => (isObject(item) && nonEmpty(item.text) ? item.text : ''))
        .join('');
      if (text !== '') yield { type: 'reasoning', text };
    }
  }
}

/** Explicit reasoning fields of a delta or message (`reasoning_content`, `reasoning`). */
export function reasoningOf(source: Json): string | undefined {
  if (nonEmpty(source.reasoning_content)) return source.reasoning_content;
  if (nonEmpty(source.reasoning)) return source.reasoning;
  return undefined;
}

/** Tool-call fragments; a missing or negative index becomes the position in the array. */
export function* toolCallParts(toolCalls: unknown): Generator<StreamPart> {
  if (!Array.isArray(toolCalls)) return;
  for (const [position, call] of toolCalls.entries()) {
    if (!isObject(call)) continue;
    const index = typeof call.index === 'number' && call.index >= 0 ? call.index : position;
    const part: Extract<StreamPart, { type: 'tool_call' }> = { type: 'tool_call', index };
    const fn = isObject(call.function) ? call.function : {};
    if (nonEmpty(call.id)) part.id = call.id;
    if (nonEmpty(fn.name)) part.name = fn.name;
    if (typeof fn.arguments === 'string') part.arguments = fn.arguments;
    else if (isObject(fn.arguments)) part.arguments = JSON.stringify(fn.arguments);
    yield part;
  }
}

/** Images an answer carries (`images: [{image_url: {url}}]`). */
export function* imageParts(images: unknown): Generator<StreamPart> {
  if (!Array.isArray(images)) return;
  for (const image of images) {
    const url = isObject(image) && isObject(image.image_url) ? image.image_url.url : undefined;
    if (nonEmpty(url)) yield { type: 'image', url };
  }
}

/** A stateful converter of `chat.completion.chunk` objects into stream parts. */
export function createChunkParser(options: ChunkParserOptions): (chunk: unknown) => StreamPart[] {
  let idSent = false;
  return (chunk) => {
    const parts: StreamPart[] = [];
    if (!isObject(chunk)) return parts;
    if (!idSent && nonEmpty(chunk.id)) {
      idSent = true;
      parts.push({ type: 'id', id: chunk.id });
    }
    // `{error: {...}}`, or `{error: "…"}` as some compatible servers (TGI, Hugging Face) send it
    if (isObject(chunk.error) || nonEmpty(chunk.error)) {
      parts.push({ type: 'error', error: options.mapError(new UpstreamErrorPayload(chunk.error)) });
      return parts;
    }
    const choice =
      Array.isArray(chunk.choices) && isObject(chunk.choices[0]) ? chunk.choices[0] : {};
    const delta = isObject(choice.delta) ? choice.delta : {};
    const searchInfo = isObject(chunk.search_info) ? chunk.search_info.search_results : undefined;
    const own = options.citations?.(chunk);
    // (each list looked at only when there is one: most chunks carry none)
    if (
      chunk.citations !== undefined ||
      chunk.search_results !== undefined ||
      searchInfo !== undefined ||
      chunk.web_search !== undefined ||
      delta.annotations !== undefined ||
      own !== undefined
    ) {
      const citations = citationsOf(
        chunk.citations,
        chunk.search_results,
        searchInfo,
        chunk.web_search,
        delta.annotations,
        own,
      );
      if (citations.length > 0) parts.push({ type: 'grounding', grounding: { citations } });
    }
    const reasoning = reasoningOf(delta);
    if (reasoning !== undefined) parts.push({ type: 'reasoning', text: reasoning });
    // a string is the usual content: no generator for it
    if (typeof delta.content === 'string') {
      if (delta.content !== '') parts.push({ type: 'text', text: delta.content });
    } else if (delta.content !== undefined && delta.content !== null)
      for (const part of contentParts(delta.content)) parts.push(part);
    if (delta.tool_calls !== undefined && delta.tool_calls !== null)
      for (const part of toolCallParts(delta.tool_calls)) parts.push(part);
    if (delta.images !== undefined && delta.images !== null)
      for (const part of imageParts(delta.images)) parts.push(part);
    if (nonEmpty(choice.finish_reason))
      parts.push({ type: 'finish', reason: choice.finish_reason });
    const usage = isObject(chunk.usage) ? chunk.usage : options.chunkUsage?.(chunk);
    if (isObject(usage)) {
      parts.push({ type: 'usage', usage: convertOpenAIUsage(usage, options.usage) });
    }
    return parts;
  };
}

export { endOnDrop } from '@manifold/core/protocol/read-answer';

/**
 * Stream parts of a chat-completions SSE stream: each `data` JSON chunk through the chunk parser,
 * `[DONE]` as the end marker. A payload that is not JSON throws StreamChunkError; an `error` event
 * becomes an error part.
 */
export async function* parseChatCompletionStream(
  messages: AsyncIterable<SSEMessage>,
  options: ChunkParserOptions,
): AsyncGenerator<StreamPart> {
  const parse = createChunkParser(options);
  for await (const message of messages) {
    const parts: StreamPart[] = [];
    const over = messageParts(message, parse, options, parts);
    yield* parts;
    if (over) return;
  }
}

/**
 * One SSE message's parts, pushed onto `parts`: `[DONE]` as the end marker, an `error` event as
 * an error part (both end the stream: true), else the chunk's parts. A payload that is not JSON
 * throws StreamChunkError.
 */
function messageParts(
  message: SSEMessage,
  parse: ReturnType<typeof createChunkParser>,
  options: ChunkParserOptions,
  parts: StreamPart[],
): boolean {
  const data = message.data.trim();
  if (data === '') return false;
  options.onData?.(data);
  if (data === '[DONE]') {
    parts.push({ type: 'end' });
    return true;
  }
  const chunk = parseJSONChunk(data);
  if (message.event === 'error') {
    const error = isObject(chunk) && isObject(chunk.error) ? chunk.error : chunk;
    parts.push({ type: 'error', error: options.mapError(new UpstreamErrorPayload(error)) });
    return true;
  }
  for (const part of parse(chunk)) parts.push(part);
  return false;
}

/**
 * The chat-completions parts of an SSE body read from Node, in one batch per upstream read: the
 * same as `parseChatCompletionStream(endOnDrop(decodeSSE(body)))` — the same messages, parts, end
 * marker, StreamChunkError and early end on a dropped connection — without an async step per SSE
 * message and per part (three generators fused into one loop; issue 19). Parts of a read that
 * came before a failing chunk are yielded before the failure is thrown, as they were.
 */
export async function* chatCompletionBatches(
  body: AsyncIterable<Uint8Array>,
  options: ChunkParserOptions & { onDrop?: (error: unknown) => void },
): AsyncGenerator<StreamPart[]> {
  const decoder = new SSEDecoder();
  const parse = createChunkParser(options);
  const source = body[Symbol.asyncIterator]();
  let finished = false;
  try {
    for (;;) {
      let read: IteratorResult<Uint8Array>;
      try {
        read = await source.next();
      } catch (error) {
        finished = true;
        if (isVerdict(error)) throw error;
        options.onDrop?.(error);
        return;
      }
      if (read.done) finished = true;
      const messages = read.done ? decoder.end() : decoder.push(read.value);
      const parts: StreamPart[] = [];
      try {
        for (const message of messages) {
          if (messageParts(message, parse, options, parts)) {
            yield parts;
            return;
          }
        }
      } catch (error) {
        if (parts.length > 0) yield parts;
        throw error;
      }
      if (parts.length > 0) yield parts;
      if (read.done) return;
    }
  } finally {
    // stopped early (the end marker, an error, a consumer that stopped): stop the body too
    if (!finished) await source.return?.();
  }
}
