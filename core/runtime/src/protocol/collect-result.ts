import type { ChatResult } from '../contract/chat-result.js';
import type { StreamError, StreamEvent } from '../contract/stream-event.js';
import type { ToolCall } from '../contract/tool-call.js';
import type { ErrorType } from '../errors/error-types.js';
import { ManifoldError } from '../errors/manifold-error.js';
import { formatBytes } from '../errors/upstream-fault.js';
import { upstreamLimits } from './limits.js';
import { mergeToolCalls } from './merge-tool-calls.js';

/** Options of `collectChatResult`. */
export interface CollectOptions {
  /** Provider id, for the error body. */
  provider?: string;
  /**
   * Most characters of text, reasoning, images and tool-call arguments held together; past it the
   * stream is stopped (which frees the upstream) and `ProviderBizError` `response_too_large` thrown.
   * Default: `upstreamLimits().maxBodyBytes` (64 MiB).
   */
  maxLength?: number;
}

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
export async function collectChatResult(
  events: AsyncIterable<StreamEvent>,
  options: CollectOptions = {},
): Promise<ChatResult> {
  const maxLength = options.maxLength ?? upstreamLimits().maxBodyBytes;
  let held = 0;
  const hold = (value: string) => {
    held += value.length;
    if (held <= maxLength) return;
    throw new ManifoldError('ProviderBizError', {
      ...(options.provider && { provider: options.provider }),
      reason: 'response_too_large',
      limit: maxLength,
      setting: 'UPSTREAM_MAX_BODY_BYTES',
      message: `The answer is larger than ${formatBytes(maxLength)}, too large to collect for ?format=json; stream it instead`,
    });
  };
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
        hold(event.data);
        text.push(event.data);
        break;
      case 'reasoning':
        hold(event.data);
        reasoning.push(event.data);
        break;
      case 'reasoning_signature':
      case 'flagged_reasoning_signature':
        signature = event.data;
        break;
      case 'tool_calls':
        for (const fragment of event.data) hold(fragment.function.arguments);
        toolCalls = mergeToolCalls(toolCalls, event.data);
        break;
      case 'grounding':
        result.grounding = event.data;
        break;
      case 'base64_image':
        hold(event.data);
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
