import type { StreamEvent } from '@manifold/core/contract/stream-event';
import type { ToolCallFragment } from '@manifold/core/contract/tool-call';
import { randomId } from '@manifold/core/protocol/random-id';
import { encodeData } from '@manifold/core/protocol/sse-encode';
import type { FrameTranslator } from '../../sse-reply.js';
import { fromStreamError, openAIError } from '../errors.js';
import { openAIFinishReason, type OpenAIFinishReason } from '../finish-reason.js';
import { openAIUsage } from '../usage.js';

/** What every chunk of one answer repeats. */
export interface OpenAIStreamOptions {
  /** `<provider>/<model>` that answers. */
  model: string;
  /** Unix seconds of the request. */
  created: number;
  /** Send the usage in a last chunk with no choices (`stream_options.include_usage`). */
  includeUsage: boolean;
}

/** Ids that belong to no answer (CONTRACT §4). */
const SPECIAL_IDS = new Set(['first_chunk_error', 'output_speed']);

/** A tool-call delta as OpenAI streams it. */
type ToolCallDelta =
  | { index: number; id: string; type: 'function'; function: { name: string; arguments: string } }
  | { index: number; function: { arguments: string } };

/** A new chat completion id, for an answer whose provider gave none before its first chunk. */
export const newCompletionId = (): string => 'chatcmpl-' + randomId(24);

/**
 * A chat's CONTRACT §4 events as OpenAI's `chat.completion.chunk` stream (CONTRACT §10):
 * `role: "assistant"` on the first delta, `content`, `reasoning_content`, `tool_calls` deltas
 * (index, id, type and name on a call's first fragment, then arguments only, as OpenAI sends
 * them), the finish reason in a chunk of its own, the usage in a last chunk with empty `choices`
 * when asked for, then `data: [DONE]`. An `error` event becomes an `{error}` chunk (OpenAI's
 * in-stream error, which its SDK throws) before `[DONE]`. Stop signatures, grounding, speed and
 * `data` events have no place in this format and are left out.
 */
export class OpenAIChunkStream implements FrameTranslator {
  private id: string | undefined;
  private roleSent = false;
  private readonly startedCalls = new Set<number>();

  constructor(private readonly options: OpenAIStreamOptions) {}

  /** True once a tool call was streamed: the finish reason says `tool_calls`. */
  get calledTools(): boolean {
    return this.startedCalls.size > 0;
  }

  event(event: StreamEvent): string {
    if (this.id === undefined && !SPECIAL_IDS.has(event.id)) this.id = event.id;
    switch (event.event) {
      case 'text':
        return this.delta({ content: event.data });
      case 'reasoning':
        return this.delta({ reasoning_content: event.data });
      case 'tool_calls': {
        const deltas = this.toolCallDeltas(event.data);
        return deltas.length === 0 ? '' : this.delta({ tool_calls: deltas });
      }
      case 'base64_image':
        // OpenRouter's form of an image a chat model made
        return this.delta({ images: [{ type: 'image_url', image_url: { url: event.data } }] });
      case 'stop':
        return this.chunk(
          this.roleSent ? {} : this.withRole({}),
          openAIFinishReason(event.data, this.calledTools),
        );
      case 'usage':
        if (!this.options.includeUsage) return '';
        return encodeData({ ...this.head(), choices: [], usage: openAIUsage(event.data) });
      case 'error': {
        const { status, payload } = fromStreamError(event.data);
        return encodeData(openAIError(status, payload));
      }
      default:
        return '';
    }
  }

  end(): string {
    return 'data: [DONE]\n\n';
  }

  private toolCallDeltas(fragments: readonly ToolCallFragment[]): ToolCallDelta[] {
    const deltas: ToolCallDelta[] = [];
    for (const fragment of fragments) {
      if (!this.startedCalls.has(fragment.index)) {
        this.startedCalls.add(fragment.index);
        deltas.push({
          index: fragment.index,
          id: fragment.id,
          type: 'function',
          function: { name: fragment.function.name, arguments: fragment.function.arguments },
        });
      } else if (fragment.function.arguments !== '') {
        deltas.push({
          index: fragment.index,
          function: { arguments: fragment.function.arguments },
        });
      }
    }
    return deltas;
  }

  private withRole(delta: Record<string, unknown>): Record<string, unknown> {
    this.roleSent = true;
    return { role: 'assistant', ...delta };
  }

  private delta(delta: Record<string, unknown>): string {
    return this.chunk(this.roleSent ? delta : this.withRole(delta), null);
  }

  private head() {
    this.id ??= newCompletionId();
    return {
      id: this.id,
      object: 'chat.completion.chunk',
      created: this.options.created,
      model: this.options.model,
    };
  }

  private chunk(delta: Record<string, unknown>, finishReason: OpenAIFinishReason | null): string {
    return encodeData({
      ...this.head(),
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
    });
  }
}
