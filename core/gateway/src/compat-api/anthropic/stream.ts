import type { StreamEvent } from '@manifold/core/contract/stream-event';
import type { ToolCallFragment } from '@manifold/core/contract/tool-call';
import type { Usage } from '@manifold/core/contract/usage';
import { randomId } from '@manifold/core/protocol/random-id';
import { encodeData } from '@manifold/core/protocol/sse-encode';
import type { FrameTranslator } from '../../sse-reply.js';
import { anthropicError, fromStreamError } from '../errors.js';
import { anthropicStopReason } from '../finish-reason.js';
import { anthropicUsage } from '../usage.js';

/** Ids that belong to no answer (CONTRACT §4). */
const SPECIAL_IDS = new Set(['', 'first_chunk_error', 'output_speed']);

/** A new message id, for an answer whose provider gave none. */
export const newMessageId = (): string => 'msg_' + randomId(24);

/** A message id: the stream's, unless it is one of the ids that name no answer. */
export const messageIdOf = (id: string): string => (SPECIAL_IDS.has(id) ? newMessageId() : id);

/** Anthropic's keep-alive event. */
export const ANTHROPIC_PING = encodeData({ type: 'ping' }, 'ping');

const frame = <T extends { type: string }>(data: T) => encodeData(data, data.type);

type TextKind = 'text' | 'thinking';

/**
 * A chat's CONTRACT §4 events as Anthropic's Messages stream (CONTRACT §10): `message_start` (and a
 * `ping`) with the first event; text and reasoning as `text` and `thinking` blocks
 * (`text_delta`, `thinking_delta`, the signature as `signature_delta`), redacted reasoning as a
 * `redacted_thinking` block, each tool call as a `tool_use` block whose arguments stream as
 * `input_json_delta`s; after the last event the open blocks stop, `message_delta` carries the stop
 * reason and the usage, `message_stop` ends it. An `error` event becomes Anthropic's `error` event
 * (its SDK throws it) and ends the stream. Several tool calls streaming at once each keep their own
 * block open until the next text or the end. Grounding, images, speed and `data` are left out.
 */
export class AnthropicEventStream implements FrameTranslator {
  private id: string | undefined;
  private started = false;
  private failed = false;
  private nextIndex = 0;
  /** The open text or thinking block. */
  private open: { kind: TextKind; index: number } | undefined;
  /** Open tool_use blocks by call index. */
  private readonly tools = new Map<number, number>();
  private calledTools = false;
  private stop: string | undefined;
  private usage: Usage | undefined;

  constructor(private readonly model: string) {}

  event(event: StreamEvent): string {
    if (this.id === undefined && !SPECIAL_IDS.has(event.id)) this.id = event.id;
    switch (event.event) {
      case 'text':
        return this.start() + this.textDelta('text', { type: 'text_delta', text: event.data });
      case 'reasoning':
        return (
          this.start() +
          this.textDelta('thinking', { type: 'thinking_delta', thinking: event.data })
        );
      case 'reasoning_signature':
        return (
          this.start() +
          this.textDelta('thinking', { type: 'signature_delta', signature: event.data })
        );
      case 'flagged_reasoning_signature': {
        const index = this.nextIndex++;
        return (
          this.start() +
          this.closeAll() +
          frame({
            type: 'content_block_start',
            index,
            content_block: { type: 'redacted_thinking', data: event.data },
          }) +
          frame({ type: 'content_block_stop', index })
        );
      }
      case 'tool_calls':
        return this.start() + event.data.map((fragment) => this.toolFragment(fragment)).join('');
      case 'stop':
        this.stop = event.data;
        return '';
      case 'usage':
        this.usage = event.data;
        return '';
      case 'error': {
        this.failed = true;
        const { status, payload } = fromStreamError(event.data);
        return frame(anthropicError(status, payload));
      }
      default:
        return '';
    }
  }

  end(): string {
    if (this.failed) return '';
    return (
      this.start() +
      this.closeAll() +
      frame({
        type: 'message_delta',
        delta: {
          stop_reason: anthropicStopReason(this.stop, this.calledTools),
          stop_sequence: null,
        },
        usage: anthropicUsage(this.usage),
      }) +
      frame({ type: 'message_stop' })
    );
  }

  /** `message_start` and a `ping`, once, before the first block. */
  private start(): string {
    if (this.started) return '';
    this.started = true;
    this.id ??= newMessageId();
    return (
      frame({
        type: 'message_start',
        message: {
          id: this.id,
          type: 'message',
          role: 'assistant',
          model: this.model,
          content: [],
          stop_reason: null,
          stop_sequence: null,
          // counted by the provider only at the end: message_delta carries the real numbers
          usage: { input_tokens: 0, output_tokens: 0 },
        },
      }) + ANTHROPIC_PING
    );
  }

  /** A delta of a text or thinking block, opening that block (and closing others) when needed. */
  private textDelta(kind: TextKind, delta: Record<string, unknown>): string {
    let opened = '';
    if (this.open?.kind !== kind) {
      opened = this.closeAll();
      const index = this.nextIndex++;
      this.open = { kind, index };
      const block =
        kind === 'text'
          ? { type: 'text', text: '' }
          : { type: 'thinking', thinking: '', signature: '' };
      opened += frame({ type: 'content_block_start', index, content_block: block });
    }
    return opened + frame({ type: 'content_block_delta', index: this.open.index, delta });
  }

  /** A tool-call fragment: a new call opens its `tool_use` block, arguments stream into it. */
  private toolFragment(fragment: ToolCallFragment): string {
    let result = '';
    let index = this.tools.get(fragment.index);
    if (index === undefined) {
      result += this.closeText();
      index = this.nextIndex++;
      this.tools.set(fragment.index, index);
      this.calledTools = true;
      result += frame({
        type: 'content_block_start',
        index,
        content_block: {
          type: 'tool_use',
          id: fragment.id,
          name: fragment.function.name,
          input: {},
        },
      });
    }
    const partial = fragment.function.arguments;
    if (partial !== '') {
      result += frame({
        type: 'content_block_delta',
        index,
        delta: { type: 'input_json_delta', partial_json: partial },
      });
    }
    return result;
  }

  private closeText(): string {
    if (!this.open) return '';
    const { index } = this.open;
    this.open = undefined;
    return frame({ type: 'content_block_stop', index });
  }

  /** Stop the open text or thinking block and every open tool block, in block order. */
  private closeAll(): string {
    const stops = [...this.tools.values()]
      .sort((a, b) => a - b)
      .map((index) => frame({ type: 'content_block_stop', index }))
      .join('');
    this.tools.clear();
    return this.closeText() + stops;
  }
}
