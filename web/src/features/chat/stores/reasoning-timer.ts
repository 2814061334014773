/**
 * How long a reply reasoned: from its first `reasoning` event to the first event that is not
 * reasoning (text, tool calls, or the end of the stream). Times come from the events' arrival, not
 * from the paced display.
 */
export interface ReasoningTimer {
  /** Note an event kind; returns the duration in ms once, when the reasoning ends. */
  event(kind: string): number | undefined;
  /** The stream ended (or was stopped); returns the duration if reasoning was still open. */
  end(): number | undefined;
}

const ENDS_REASONING = new Set(['text', 'tool_calls', 'stop', 'error']);

export function createReasoningTimer(now: () => number = () => Date.now()): ReasoningTimer {
  let startedAt: number | undefined;
  let done = false;
  const close = () => {
    if (startedAt === undefined || done) return undefined;
    done = true;
    return now() - startedAt;
  };
  return {
    event(kind) {
      if (kind === 'reasoning') {
        startedAt ??= now();
        return undefined;
      }
      return ENDS_REASONING.has(kind) ? close() : undefined;
    },
    end: close,
  };
}
