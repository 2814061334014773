import type { Citation } from '@manifold/core/contract/grounding';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { AnthropicStreamError } from './errors.js';
import { convertAnthropicUsage, mergeAnthropicUsage } from './usage.js';
import type { AnthropicUsage } from './wire-types.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** Options of `anthropicStreamParts`. */
export interface AnthropicStreamOptions {
  /**
   * Maps an in-stream `error` event (an `AnthropicStreamError`) to the error part. Without it the
   * parser throws the `AnthropicStreamError`, which `buildEventStream` hands to its own `mapError`.
   */
  mapError?: (error: unknown) => ManifoldError;
}

/**
 * What the parser remembers about one content block, by the block's `index`. `hasArguments`: some
 * input text of the tool call was sent (else its input is `{}`, which must still reach the client).
 */
type Block =
  | { kind: 'tool'; toolIndex: number; hasArguments: boolean }
  | { kind: 'search'; input: string }
  | { kind: 'other' };

/** Collected web-search sources and queries, sent once as grounding. */
class Sources {
  readonly citations: Citation[] = [];
  readonly queries: string[] = [];
  private readonly urls = new Set<string>();

  add(url: unknown, title: unknown): void {
    if (!nonEmpty(url) || this.urls.has(url)) return;
    this.urls.add(url);
    this.citations.push({ title: nonEmpty(title) ? title : url, url });
  }

  /** Results of a `web_search_tool_result` block (an error object instead of a list is skipped). */
  addResults(content: unknown): void {
    if (!Array.isArray(content)) return;
    for (const item of content) if (isObject(item)) this.add(item.url, item.title);
  }

  addQuery(input: unknown): void {
    if (isObject(input) && nonEmpty(input.query) && !this.queries.includes(input.query)) {
      this.queries.push(input.query);
    }
  }
}

/** A server tool's input JSON, once complete; undefined while it does not parse. */
function parseInput(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The stream parts of an Anthropic Messages stream, from its events already parsed from JSON
 * (Anthropic API SSE, or Claude on Bedrock): `message_start` gives the id and the first usage;
 * text, thinking (+ `signature_delta`), `redacted_thinking` (flagged signature) and `tool_use`
 * blocks (+ `input_json_delta`, tool indexes counted from 0 in stream order; a call whose input
 * stayed empty gets `{}` appended when its block stops) become content;
 * `citations_delta` and web-search results are collected and sent as one grounding at the end;
 * `message_delta` gives the finish reason and the cumulative usage; `message_stop` ends the
 * stream; an `error` event becomes an error part (see `options.mapError`). Unknown events and
 * `ping` are ignored. A whole (non-streaming) message goes through `anthropicMessageEvents` first.
 */
export async function* anthropicStreamParts(
  events: AsyncIterable<unknown> | Iterable<unknown>,
  options: AnthropicStreamOptions = {},
): AsyncGenerator<StreamPart> {
  const blocks = new Map<number, Block>();
  const sources = new Sources();
  let tools = 0;
  let usage: AnthropicUsage | undefined;
  let finished = false;

  const blockStart = function* (index: number, block: Json): Generator<StreamPart> {
    switch (block.type) {
      case 'text':
        if (Array.isArray(block.citations)) {
          for (const citation of block.citations) {
            if (isObject(citation)) sources.add(citation.url, citation.title);
          }
        }
        if (nonEmpty(block.text)) yield { type: 'text', text: block.text };
        break;
      case 'thinking':
        if (nonEmpty(block.thinking)) yield { type: 'reasoning', text: block.thinking };
        if (nonEmpty(block.signature)) {
          yield { type: 'reasoning_signature', signature: block.signature };
        }
        break;
      case 'redacted_thinking':
        if (nonEmpty(block.data)) yield { type: 'flagged_reasoning_signature', data: block.data };
        break;
      case 'tool_use': {
        const toolIndex = tools++;
        const part: Extract<StreamPart, { type: 'tool_call' }> = {
          type: 'tool_call',
          index: toolIndex,
        };
        if (nonEmpty(block.id)) part.id = block.id;
        if (nonEmpty(block.name)) part.name = block.name;
        // A whole message (non-streaming) carries the input here; a stream starts with `{}`.
        if (isObject(block.input) && Object.keys(block.input).length > 0) {
          part.arguments = JSON.stringify(block.input);
        }
        blocks.set(index, { kind: 'tool', toolIndex, hasArguments: part.arguments !== undefined });
        yield part;
        return;
      }
      case 'server_tool_use':
        sources.addQuery(block.input);
        blocks.set(index, { kind: 'search', input: '' });
        return;
      case 'web_search_tool_result':
        sources.addResults(block.content);
        break;
    }
    blocks.set(index, { kind: 'other' });
  };

  const blockDelta = function* (index: number, delta: Json): Generator<StreamPart> {
    switch (delta.type) {
      case 'text_delta':
        if (nonEmpty(delta.text)) yield { type: 'text', text: delta.text };
        break;
      case 'thinking_delta':
        if (nonEmpty(delta.thinking)) yield { type: 'reasoning', text: delta.thinking };
        break;
      case 'signature_delta':
        if (nonEmpty(delta.signature)) {
          yield { type: 'reasoning_signature', signature: delta.signature };
        }
        break;
      case 'citations_delta':
        if (isObject(delta.citation)) sources.add(delta.citation.url, delta.citation.title);
        break;
      case 'input_json_delta': {
        const block = blocks.get(index);
        const json = typeof delta.partial_json === 'string' ? delta.partial_json : '';
        if (block?.kind === 'tool') {
          if (json !== '') block.hasArguments = true;
          yield { type: 'tool_call', index: block.toolIndex, arguments: json };
        } else if (block?.kind === 'search') {
          block.input += json;
        }
        break;
      }
    }
  };

  /**
   * A tool call closes: one whose input stayed empty (no `input_json_delta`, or only `""`, or
   * `input: {}` in a whole message) gets `{}` appended, so its arguments are JSON.
   */
  const closeTool = function* (index: number): Generator<StreamPart> {
    const block = blocks.get(index);
    if (block?.kind !== 'tool' || block.hasArguments) return;
    block.hasArguments = true;
    yield { type: 'tool_call', index: block.toolIndex, arguments: '{}' };
  };
  const closeTools = function* (): Generator<StreamPart> {
    for (const index of blocks.keys()) yield* closeTool(index);
  };

  for await (const event of events) {
    if (!isObject(event)) continue;
    switch (event.type) {
      case 'message_start': {
        const message = isObject(event.message) ? event.message : {};
        if (nonEmpty(message.id)) yield { type: 'id', id: message.id };
        if (isObject(message.usage)) {
          usage = mergeAnthropicUsage(usage, message.usage);
          yield { type: 'usage', usage: convertAnthropicUsage(usage) };
        }
        break;
      }
      case 'content_block_start':
        if (typeof event.index === 'number' && isObject(event.content_block)) {
          yield* blockStart(event.index, event.content_block);
        }
        break;
      case 'content_block_delta':
        if (typeof event.index === 'number' && isObject(event.delta)) {
          yield* blockDelta(event.index, event.delta);
        }
        break;
      case 'content_block_stop': {
        if (typeof event.index !== 'number') break;
        const block = blocks.get(event.index);
        if (block?.kind === 'search') sources.addQuery(parseInput(block.input));
        yield* closeTool(event.index);
        break;
      }
      case 'message_delta': {
        const delta = isObject(event.delta) ? event.delta : {};
        if (nonEmpty(delta.stop_reason)) {
          finished = true;
          yield { type: 'finish', reason: delta.stop_reason };
        }
        if (isObject(event.usage)) {
          usage = mergeAnthropicUsage(usage, event.usage);
          yield { type: 'usage', usage: convertAnthropicUsage(usage) };
        }
        break;
      }
      case 'message_stop':
        yield* closeTools();
        if (sources.citations.length > 0) {
          const grounding =
            sources.queries.length > 0
              ? { citations: sources.citations, searchQueries: sources.queries }
              : { citations: sources.citations };
          yield { type: 'grounding', grounding };
        }
        yield { type: 'end' };
        return;
      case 'error': {
        const error = new AnthropicStreamError(event);
        if (!options.mapError) throw error;
        yield { type: 'error', error: options.mapError(error) };
        return;
      }
    }
  }
  // Ended after a finish reason but without `message_stop`: still a proper end (CONTRACT §4).
  if (finished) yield* closeTools();
}

/**
 * The events a whole message (a non-streaming answer) would have streamed, for
 * `anthropicStreamParts`: each block complete in its `content_block_start`, then the stop reason,
 * `message_stop`. An error body (`{type:"error"}`) stays one `error` event.
 */
export function anthropicMessageEvents(message: unknown): unknown[] {
  if (!isObject(message)) return [];
  if (message.type === 'error') return [message];
  const { content, stop_reason: stopReason, ...rest } = message;
  const events: unknown[] = [{ type: 'message_start', message: { ...rest, content: [] } }];
  if (Array.isArray(content)) {
    content.forEach((block, index) => {
      events.push({ type: 'content_block_start', index, content_block: block });
      events.push({ type: 'content_block_stop', index });
    });
  }
  events.push({ type: 'message_delta', delta: { stop_reason: stopReason ?? null } });
  events.push({ type: 'message_stop' });
  return events;
}
