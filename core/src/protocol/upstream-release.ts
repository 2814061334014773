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
  /** The events; stopping before the end (or failing) frees the upstream. */
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
  return {
    signal: release.signal,
    fail() {
      unhook();
      release.abort(RELEASED);
    },
    async *wrap(events) {
      let finished = false;
      try {
        yield* events;
        finished = true;
      } finally {
        unhook();
        if (!finished) release.abort(RELEASED);
      }
    },
  };
}
