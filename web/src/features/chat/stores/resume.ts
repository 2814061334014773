import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { ChatFetchError, isAbortError } from '../../../lib/api-error.js';
import type { FetchImpl } from '../../../lib/api.js';

/**
 * Resumable answers (CONTRACT §11): a chat through the gateway asks `resumable: true`, the answer
 * names its stream (`X-Manifold-Stream-Id`), and the assistant message keeps the stream id and how
 * many of its events are applied to it (`UIMessage.resume`, stored with the conversation). After a
 * dropped connection the same page goes on with `GET /webapi/chat/streams/:id?after=<received>`;
 * after a reload, with `after=<applied>` from the stored message, so no text is shown twice or lost.
 */

/** The header naming a chat stream. */
export const STREAM_ID_HEADER = 'x-manifold-stream-id';

/** What an assistant message being streamed remembers to resume (`UIMessage.resume`). */
export interface ResumeMark {
  /** The gateway's stream id, `ms_…`. */
  streamId: string;
  /** How many of the stream's events the message shows in full. */
  events: number;
  /**
   * The length of the content those events make: the animation may show part of the next event's
   * text too, which a resume cuts off (the event comes again, whole).
   */
  text: number;
  /** The same for the reasoning. */
  reasoning: number;
  /**
   * The request offered tools: an answer that ends in tool calls runs them and asks again, after a
   * reload too (the request itself is not stored).
   */
  tools?: true;
}

/** Where a stream stands in a message: events applied and the text and reasoning they make. */
export type StreamPosition = Omit<ResumeMark, 'streamId' | 'tools'>;

/** A message being resumed with the text and reasoning its applied events made, nothing more. */
export function trimToMark<M extends { content: string; reasoning?: string; resume?: ResumeMark }>(
  message: M,
): M {
  if (!message.resume) return message;
  const { text, reasoning } = message.resume;
  return {
    ...message,
    content: message.content.slice(0, text),
    ...(message.reasoning !== undefined
      ? { reasoning: message.reasoning.slice(0, reasoning) }
      : {}),
  };
}

/**
 * Counts a stream's events: `received` (handed to the display) and `applied` (fully shown in the
 * message). Text and reasoning reach the message later than their events (the output buffer paces
 * them), so an event counts as applied once all text and reasoning up to it is shown; other events
 * are applied when received (setting usage, grounding… again on a resume changes nothing).
 */
export interface EventCounter {
  readonly received: number;
  readonly applied: number;
  /** `applied` with the text and reasoning lengths those events make. */
  position(): StreamPosition;
  /** An event arrived (call before handing its text to the buffer). */
  receive(event: StreamEvent): void;
  /** The buffer showed `length` characters of text. */
  showText(length: number): void;
  /** The buffer showed `length` characters of reasoning. */
  showReasoning(length: number): void;
}

/**
 * A counter for a new stream, or for one resumed into a message (trimmed, `trimToMark`) showing
 * `start.events` events that made `start.text` characters of text and `start.reasoning` of reasoning.
 */
export function createEventCounter(
  start: StreamPosition = { events: 0, text: 0, reasoning: 0 },
): EventCounter {
  let received = start.events;
  let applied = start.events;
  let pushedText = start.text;
  let pushedReasoning = start.reasoning;
  let shownText = start.text;
  let shownReasoning = start.reasoning;
  let appliedText = start.text;
  let appliedReasoning = start.reasoning;
  /** Text and reasoning pushed up to each received event not yet applied. */
  const marks: Array<{ text: number; reasoning: number }> = [];
  const advance = () => {
    while (
      marks.length > 0 &&
      marks[0]!.text <= shownText &&
      marks[0]!.reasoning <= shownReasoning
    ) {
      const mark = marks.shift()!;
      appliedText = mark.text;
      appliedReasoning = mark.reasoning;
      applied++;
    }
  };
  return {
    get received() {
      return received;
    },
    get applied() {
      return applied;
    },
    position: () => ({ events: applied, text: appliedText, reasoning: appliedReasoning }),
    receive(event) {
      received++;
      if (event.event === 'text' && typeof event.data === 'string') pushedText += event.data.length;
      if (event.event === 'reasoning' && typeof event.data === 'string')
        pushedReasoning += event.data.length;
      marks.push({ text: pushedText, reasoning: pushedReasoning });
      advance();
    },
    showText(length) {
      shownText += length;
      advance();
    },
    showReasoning(length) {
      shownReasoning += length;
      advance();
    },
  };
}

/** A `fetch` that reports the stream id of the answer it gets (the chat's `X-Manifold-Stream-Id`). */
export function fetchNotingStreamId(
  onStreamId: (id: string) => void,
  fetchImpl: FetchImpl = (input, init) => fetch(input, init),
): FetchImpl {
  return async (input, init) => {
    const response = await fetchImpl(input, init);
    const id = response.headers.get(STREAM_ID_HEADER);
    if (id) onStreamId(id);
    return response;
  };
}

/** A failure of the connection (not an answer of the gateway, not an abort). */
export function isConnectionError(error: unknown): boolean {
  return error instanceof ChatFetchError && error.status === 0;
}

/** The stream is unknown or expired (nothing left to resume). */
export function isStreamGone(error: unknown): boolean {
  return error instanceof ChatFetchError && error.status === 404;
}

/** Delays between attempts to resume after a dropped connection (ms); then the error stands. */
export const RESUME_DELAYS_MS = [250, 500, 1000, 2000, 3000, 3000, 3000, 3000];

/** Wait `ms`, less when the browser says it is back online; rejects on abort. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', aborted);
      globalThis.removeEventListener?.('online', done);
      resolve();
    };
    const aborted = () => {
      done();
      reject(
        signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'),
      );
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', aborted, { once: true });
    globalThis.addEventListener?.('online', done);
  });
}

/** Options of `followStream`. */
export interface FollowOptions {
  counter: EventCounter;
  /** The stream's id once known (undefined: the stream cannot be resumed). */
  streamId(): string | undefined;
  /** Open the stream again from its `after`-th event. */
  reopen(streamId: string, after: number): Promise<AsyncGenerator<StreamEvent>>;
  signal: AbortSignal;
  delaysMs?: readonly number[];
}

/**
 * The events of `first`, counted; when the connection drops mid-answer and the stream has an id,
 * the rest from `GET …/streams/:id?after=<received>` (retried after `delaysMs`), so the events
 * come once each and in order. A stream gone (404) or retries exhausted: the connection error.
 */
export async function* followStream(
  first: AsyncGenerator<StreamEvent>,
  options: FollowOptions,
): AsyncGenerator<StreamEvent> {
  const delays = options.delaysMs ?? RESUME_DELAYS_MS;
  let current = first;
  for (;;) {
    let dropped: unknown;
    try {
      for await (const event of current) {
        options.counter.receive(event);
        yield event;
      }
      return;
    } catch (error) {
      const id = options.streamId();
      if (isAbortError(error) || options.signal.aborted || !isConnectionError(error) || !id)
        throw error;
      dropped = error;
    }
    const id = options.streamId()!;
    let reopened: AsyncGenerator<StreamEvent> | undefined;
    for (const delay of delays) {
      await pause(delay, options.signal);
      try {
        reopened = await options.reopen(id, options.counter.received);
        break;
      } catch (error) {
        if (isStreamGone(error)) throw dropped;
        if (!isConnectionError(error)) throw error;
      }
    }
    if (!reopened) throw dropped;
    current = reopened;
  }
}
