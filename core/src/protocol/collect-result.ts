import type { ChatResult } from '../contract/chat-result.js';
import type { StreamError, StreamEvent } from '../contract/stream-event.js';
import type { ToolCall } from '../contract/tool-call.js';
import type { ErrorType } from '../errors/error-types.js';
import { ManifoldError } from '../errors/manifold-error.js';
import { mergeToolCalls } from './merge-tool-calls.js';

const SPECIAL_IDS = new Set(['first_chunk_error', 'output_speed']);

/** Rebuild the ManifoldError an `error` event was made from. */
function toError(payload: StreamError): ManifoldError {
  const error = new ManifoldError(payload.type as ErrorType, payload.body);
  error.message = payload.message;
  return error;
}

/**
 * Collect a CONTRACT §4 event stream into the final chat result (`?format=json`). Throws the
 * `ManifoldError` of an `error` event, and a `ProviderBizError` (`reason: "unexpected_end"`) if the
 * stream ends without `stop`. `traceId`/`observationId` are left to the caller; `data` events are ignored.
 */
export async function collectChatResult(events: AsyncIterable<StreamEvent>): Promise<ChatResult> {
  let id: string | undefined;
  const text: string[] = [];
  const reasoning: string[] = [];
  let signature: string | undefined;
  let toolCalls: ToolCall[] = [];
  const images: string[] = [];
  const result: Partial<ChatResult> = {};
  for await (const event of events) {
    if (id === undefined && !SPECIAL_IDS.has(event.id)) id = event.id;
    switch (event.event) {
      case 'text':
        text.push(event.data);
        break;
      case 'reasoning':
        reasoning.push(event.data);
        break;
      case 'reasoning_signature':
      case 'flagged_reasoning_signature':
        signature = event.data;
        break;
      case 'tool_calls':
        toolCalls = mergeToolCalls(toolCalls, event.data);
        break;
      case 'grounding':
        result.grounding = event.data;
        break;
      case 'base64_image':
        images.push(event.data);
        break;
      case 'usage':
        result.usage = event.data;
        break;
      case 'speed':
        result.speed = event.data;
        break;
      case 'stop':
        result.stop = event.data;
        break;
      case 'error':
        throw toError(event.data);
      case 'data':
        break;
    }
  }
  if (result.stop === undefined) {
    throw new ManifoldError('ProviderBizError', {
      reason: 'unexpected_end',
      message: 'The stream ended before it finished',
    });
  }
  const chatResult: ChatResult = { id: id ?? '', text: text.join(''), stop: result.stop };
  if (reasoning.length > 0 || signature !== undefined) {
    chatResult.reasoning = { content: reasoning.join('') };
    if (signature !== undefined) chatResult.reasoning.signature = signature;
  }
  if (toolCalls.length > 0) chatResult.toolCalls = toolCalls;
  if (result.grounding !== undefined) chatResult.grounding = result.grounding;
  if (images.length > 0) chatResult.images = images;
  if (result.usage !== undefined) chatResult.usage = result.usage;
  if (result.speed !== undefined) chatResult.speed = result.speed;
  return chatResult;
}
