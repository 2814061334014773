import type { Citation, Grounding } from '@manifold/core/contract/grounding';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import { parseJSONChunk } from '@manifold/core/protocol/chunk-error';
import { convertResponsesUsage } from '@manifold/core/protocol/convert-usage';
import type { SSEMessage } from '@manifold/core/protocol/sse-decode';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { UpstreamErrorPayload } from './errors.js';
import { citationsOf } from './parse-chunks.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** Citations and search queries gathered over an answer, sent as one grounding. */
class GroundingCollector {
  private readonly citations: Citation[] = [];
  private readonly queries: string[] = [];
  private sent = false;

  addAnnotations(annotations: unknown): void {
    const known = new Set(this.citations.map((citation) => citation.url));
    for (const citation of citationsOf(annotations)) {
      if (!known.has(citation.url)) this.citations.push(citation);
    }
  }

  addItem(item: Json): void {
    if (item.type === 'message' && Array.isArray(item.content)) {
      for (const part of item.content) if (isObject(part)) this.addAnnotations(part.annotations);
    }
    const query = isObject(item.action) ? str(item.action.query) : undefined;
    if (item.type === 'web_search_call' && query && !this.queries.includes(query))
      this.queries.push(query);
  }

  /** The grounding part once citations exist; nothing after that. */
  take(): StreamPart[] {
    if (this.sent || this.citations.length === 0) return [];
    this.sent = true;
    const grounding: Grounding = { citations: [...this.citations] };
    if (this.queries.length > 0) grounding.searchQueries = [...this.queries];
    return [{ type: 'grounding', grounding }];
  }
}

/** The closing parts of a finished response: grounding, usage, finish, end. */
function closing(response: Json, grounding: GroundingCollector, reason: string): StreamPart[] {
  const parts = grounding.take();
  if (isObject(response.usage))
    parts.push({ type: 'usage', usage: convertResponsesUsage(response.usage) });
  parts.push({ type: 'finish', reason }, { type: 'end' });
  return parts;
}

/**
 * The error object of an in-stream failure, for the shared classifier (SPEC §8 codes, the provider's
 * rules): an `error` event as the API sends it, `{type: "error", error: {type, code, message,
 * param}}`, or in the documented flat shape `{type: "error", code, message, param}`; or the
 * `response.error` (`{code, message}`) of `response.failed`.
 */
function failureOf(event: Json, response: Json): Json {
  if (event.type === 'response.failed') {
    return isObject(response.error) ? response.error : { message: 'Response failed' };
  }
  if (isObject(event.error)) return event.error;
  const { type: _type, sequence_number: _sequence, ...flat } = event;
  return flat;
}

/**
 * What goes between two reasoning summary parts (and between the summaries of two reasoning items):
 * a blank line, so that each part, which is a paragraph of its own (usually opening with a bold
 * title), renders as one, as ChatGPT shows them; the parts' own text is kept byte for byte.
 */
export const SUMMARY_PART_SEPARATOR = '\n\n';

const incompleteReason = (response: Json): string =>
  (isObject(response.incomplete_details) && str(response.incomplete_details.reason)) ||
  'incomplete';

/** A stateful converter of Responses API stream events into stream parts. */
export function createResponsesEventParser(
  mapError: (error: unknown) => ManifoldError,
): (event: unknown) => StreamPart[] {
  const calls = new Map<string, { index: number; id: string; name?: string }>();
  const grounding = new GroundingCollector();
  let idSent = false;
  let reasoningSeen = false;
  // a new summary part began after earlier reasoning: its first text gets the separator
  let partPending = false;

  const call = (itemId: string, item: Json = {}) => {
    let known = calls.get(itemId);
    if (!known) {
      known = { index: calls.size, id: str(item.call_id) ?? itemId, name: str(item.name) };
      calls.set(itemId, known);
    }
    return known;
  };

  return (event) => {
    if (!isObject(event)) return [];
    const response = isObject(event.response) ? event.response : {};
    const parts: StreamPart[] = [];
    if (!idSent && str(response.id)) {
      idSent = true;
      parts.push({ type: 'id', id: response.id as string });
    }
    const item = isObject(event.item) ? event.item : {};
    const delta = typeof event.delta === 'string' ? event.delta : '';
    switch (event.type) {
      case 'response.output_item.added':
        if (item.type === 'function_call' && str(item.id)) {
          const known = call(item.id as string, item);
          parts.push({
            type: 'tool_call',
            ...known,
            arguments: typeof item.arguments === 'string' ? item.arguments : '',
          });
        }
        break;
      case 'response.function_call_arguments.delta':
        if (str(event.item_id) && delta !== '') {
          parts.push({ type: 'tool_call', ...call(event.item_id as string), arguments: delta });
        }
        break;
      case 'response.output_text.delta':
        if (delta !== '') parts.push({ type: 'text', text: delta });
        break;
      case 'response.reasoning_summary_part.added':
        partPending = reasoningSeen;
        break;
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta':
        if (delta !== '') {
          const text = partPending ? SUMMARY_PART_SEPARATOR + delta : delta;
          reasoningSeen = true;
          partPending = false;
          parts.push({ type: 'reasoning', text });
        }
        break;
      case 'response.output_text.annotation.added':
        grounding.addAnnotations([event.annotation]);
        break;
      case 'response.output_item.done':
        grounding.addItem(item);
        if (item.type === 'message') parts.push(...grounding.take());
        break;
      case 'response.completed':
        parts.push(...closing(response, grounding, str(response.status) ?? 'stop'));
        break;
      case 'response.incomplete':
        parts.push(...closing(response, grounding, incompleteReason(response)));
        break;
      case 'response.failed':
      case 'error':
        parts.push({
          type: 'error',
          error: mapError(new UpstreamErrorPayload(failureOf(event, response))),
        });
        break;
    }
    return parts;
  };
}

/** Stream parts of a Responses API SSE stream; a payload that is not JSON throws StreamChunkError. */
export async function* parseResponsesStream(
  messages: AsyncIterable<SSEMessage>,
  mapError: (error: unknown) => ManifoldError,
  onData?: (data: string) => void,
): AsyncGenerator<StreamPart> {
  const parse = createResponsesEventParser(mapError);
  for await (const message of messages) {
    const data = message.data.trim();
    if (data === '' || data === '[DONE]') continue;
    onData?.(data);
    yield* parse(parseJSONChunk(data));
  }
}

/** The parts of a complete (non-streaming) Responses API `response`, in stream order. */
export function responseParts(response: unknown): StreamPart[] {
  if (!isObject(response)) return [{ type: 'end' }];
  const parts: StreamPart[] = [];
  if (str(response.id)) parts.push({ type: 'id', id: response.id as string });
  const grounding = new GroundingCollector();
  let index = 0;
  let reasoningSeen = false;
  for (const item of Array.isArray(response.output) ? response.output : []) {
    if (!isObject(item)) continue;
    grounding.addItem(item);
    if (item.type === 'reasoning' && Array.isArray(item.summary)) {
      // the same text as the stream gives: non-empty parts, separated as there
      const texts = item.summary.flatMap((part) => {
        const text = isObject(part) ? str(part.text) : undefined;
        return text === undefined ? [] : [text];
      });
      if (texts.length > 0) {
        const text = texts.join(SUMMARY_PART_SEPARATOR);
        parts.push({
          type: 'reasoning',
          text: reasoningSeen ? SUMMARY_PART_SEPARATOR + text : text,
        });
        reasoningSeen = true;
      }
    }
    if (item.type === 'message' && Array.isArray(item.content)) {
      for (const part of item.content) {
        if (isObject(part) && part.type === 'output_text' && str(part.text)) {
          parts.push({ type: 'text', text: part.text as string });
        }
      }
    }
    if (item.type === 'function_call') {
      const id = str(item.call_id) ?? str(item.id);
      const arguments_ = typeof item.arguments === 'string' ? item.arguments : '';
      parts.push({
        type: 'tool_call',
        index: index++,
        id,
        name: str(item.name),
        arguments: arguments_,
      });
    }
  }
  const reason =
    response.status === 'incomplete'
      ? incompleteReason(response)
      : (str(response.status) ?? 'stop');
  return [...parts, ...closing(response, grounding, reason)];
}
