import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import {
  buildEventStream,
  type BuildStreamOptions,
} from '@manifold/core/protocol/build-event-stream';
import type { StreamPart } from '@manifold/core/protocol/stream-part';

/** A step of a scripted source: a part to yield, a number to set the clock to, or an error to throw. */
export type Step = StreamPart | number | { throw: unknown };

/** A scripted upstream with a controllable clock; records whether it was stopped early. */
export function scripted(steps: Step[]) {
  const state = { time: 1000, returned: false };
  async function* source(): AsyncGenerator<StreamPart> {
    let settled = false;
    try {
      for (const step of steps) {
        if (typeof step === 'number') {
          state.time = step;
        } else if ('throw' in step) {
          settled = true;
          throw step.throw;
        } else {
          yield step;
        }
      }
      settled = true;
    } finally {
      // Reached only through return(): the consumer stopped the source early.
      if (!settled) state.returned = true;
    }
  }
  return { source: source(), state, now: () => state.time };
}

export const mapError = (error: unknown) =>
  new ManifoldError('ProviderBizError', {
    message: error instanceof Error ? error.message : String(error),
    mapped: true,
  });

/** Run steps through `buildEventStream` (startedAt 1000) and collect every event. */
export async function run(steps: Step[], options: Partial<BuildStreamOptions> = {}) {
  const { source, state, now } = scripted(steps);
  const events: StreamEvent[] = [];
  for await (const event of buildEventStream(source, {
    provider: 'test-provider',
    startedAt: 1000,
    now,
    mapError,
    ...options,
  })) {
    events.push(event);
  }
  return { events, state };
}
