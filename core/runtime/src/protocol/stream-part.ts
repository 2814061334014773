import type { Grounding } from '../contract/grounding.js';
import type { Usage } from '../contract/usage.js';
import type { ManifoldError } from '../errors/manifold-error.js';

/**
 * What a provider's parser yields for each upstream chunk. The stream builder
 * (`buildEventStream`) turns parts into CONTRACT §4 events and enforces the order,
 * the stable id, think-tag splitting, tool-call ids, citations-once and the tail.
 */
export type StreamPart =
  /** The provider's response or message id; the first one wins. */
  | { type: 'id'; id: string }
  /** Answer text; `<think>` tags in it are split into reasoning. */
  | { type: 'text'; text: string }
  /** Explicit reasoning (reasoning_content, thinking blocks). */
  | { type: 'reasoning'; text: string }
  /** The signature of the reasoning (sent back on the next turn by providers that verify it). */
  | { type: 'reasoning_signature'; signature: string }
  /** Redacted reasoning: opaque data to send back as is. */
  | { type: 'flagged_reasoning_signature'; data: string }
  /**
   * A tool-call fragment; id and name may come only on the first fragment of an index. A missing id
   * is generated per index; arguments that come before the name are held until it arrives.
   */
  | { type: 'tool_call'; index: number; id?: string; name?: string; arguments?: string }
  /**
   * Citations (and search queries); every report of a stream is merged, deduplicated by URL, into
   * the one grounding event sent before `stop`.
   */
  | { type: 'grounding'; grounding: Grounding }
  /** Usage as reported; a later report replaces an earlier one (cumulative counts are not added). */
  | { type: 'usage'; usage: Usage }
  /** The provider's finish reason. The source closing after one counts as a proper end. */
  | { type: 'finish'; reason: string }
  /** The provider's end marker (`[DONE]`, `message_stop`, …): the stream finished properly. */
  | { type: 'end' }
  /** An image as a `data:` URL. */
  | { type: 'image'; url: string }
  /** Provider-specific JSON clients may ignore. */
  | { type: 'data'; data: unknown }
  /** An error reported inside the stream; ends it. */
  | { type: 'error'; error: ManifoldError };

/**
 * What a stream builder reads: parts one by one, or in batches (all the parts of one upstream read,
 * in order), which cost one step of the async iteration per read instead of one per part.
 */
export type PartSource = AsyncIterable<StreamPart | readonly StreamPart[]>;
