import type { StreamEvent } from '../contract/stream-event.js';

/** Reason of the abort that frees an upstream socket nobody reads any more (made once: cheap). */
export const RELEASED = new Error('upstream released');

/** The abort wiring of one upstream call. */
export interface UpstreamRelease {
  /**
   * The signal to give the upstream request: aborted when the client goes away, when the call
   * fails before its stream began, or when the event stream is not read to its end.
   */
  readonly signal: AbortSignal;
  /** The call failed before its stream began: free the upstream and unhook from the client. */
  fail(): void;
  /**
   * The event stream is over: `completed` when it was read to its end, `failed` when it ended in an
   * `error` event. Stopping before the end or failing frees the upstream; either way it unhooks from
   * the client. (`buildEventStream`'s `onSettled` takes it: no generator layer of its own.)
   */
  settle(completed: boolean, failed: boolean): void;
  /** The events; stopping before the end, failing or ending in an `error` event frees the upstream. */
  wrap(events: AsyncIterable<StreamEvent>): AsyncGenerator<StreamEvent>;
}

/**
 * Link an upstream call to the client's signal so that its socket is freed at once however the
 * call ends early. (Forwarded by hand: `AbortSignal.any` costs more per request than the whole
 * chunk parsing, and keeps listeners until both signals are collected.)
 */
export function upstreamRelease(clientSignal: AbortSignal): UpstreamRelease {
  const release = new AbortController();
  const forward = () => release.abort(clientSignal.reason);
  if (clientSignal.aborted) forward();
  else clientSignal.addEventListener('abort', forward, { once: true });
  const unhook = () => clientSignal.removeEventListener('abort', forward);
  // A stream that ends in an error (a limit, a timeout, a bad chunk) leaves the upstream in an
  // unknown state: its socket is closed, not kept for reuse.
  const settle = (completed: boolean, failed: boolean) => {
    unhook();
    if (!completed || failed) release.abort(RELEASED);
  };
  return {
    signal: release.signal,
    fail() {
      settle(false, true);
    },
    settle,
    async *wrap(events) {
      let finished = false;
      let failed = false;
      try {
        for await (const event of events) {
          failed = event.event === 'error';
          yield event;
        }
        finished = true;
      } finally {
        settle(finished, failed);
      }
    },
  };
}
