import type { StreamEvent } from '@manifold/core/contract/stream-event';

/** What a chat's events tell its observer. */
export interface EventObserver {
  /** Every event, as it passes (keep it cheap: it runs once per event). */
  event(event: StreamEvent): void;
  /**
   * Once, when the events ended: `error` when reading them threw, `early` when the reader stopped
   * before the end (the client left, or the route stopped reading).
   */
  end(outcome: { error?: unknown; early: boolean }): void;
}

/**
 * A chat's events passed through unchanged, shown to an observer on the way. A plain iterator,
 * not an async generator, so each event costs one `then` more, no extra generator turn; `return`
 * and `throw` reach the source (which frees its upstream on them).
 */
export class ObservedEvents implements AsyncIterableIterator<StreamEvent> {
  private iterator: AsyncIterator<StreamEvent> | undefined;
  private ended = false;

  /**
   * `signal`: the client's. When it aborts before anyone started reading (a route that failed
   * between the upstream's acceptance and its first read), the events end there, as left early:
   * otherwise they would stay open for good (the abort stops the upstream, nobody reads its end).
   */
  constructor(
    private readonly source: AsyncIterable<StreamEvent>,
    private readonly observer: EventObserver,
    private readonly signal?: AbortSignal,
  ) {
    if (signal?.aborted) this.finish({ early: true });
    else signal?.addEventListener('abort', this.aborted, { once: true });
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<StreamEvent>> {
    this.iterator ??= this.source[Symbol.asyncIterator]();
    return this.iterator.next().then(this.passed, this.failed);
  }

  /**
   * Read every event to the end, each shown to the observer and then given to `each`: the stream
   * hub's pump, one promise per event fewer than iterating (`EventDrain`). A throw from `each` stops
   * the source, as leaving a `for await` would.
   */
  async drain(each: (event: StreamEvent) => void): Promise<void> {
    const iterator = (this.iterator ??= this.source[Symbol.asyncIterator]());
    for (;;) {
      let result: IteratorResult<StreamEvent>;
      try {
        result = await iterator.next();
      } catch (error) {
        this.finish({ error, early: false });
        throw error;
      }
      if (result.done) {
        this.finish({ early: false });
        return;
      }
      this.observer.event(result.value);
      try {
        each(result.value);
      } catch (error) {
        await this.return();
        throw error;
      }
    }
  }

  async return(value?: unknown): Promise<IteratorResult<StreamEvent>> {
    try {
      return (await this.iterator?.return?.(value)) ?? { done: true, value: undefined };
    } finally {
      this.finish({ early: true });
    }
  }

  async throw(error?: unknown): Promise<IteratorResult<StreamEvent>> {
    try {
      if (this.iterator?.throw) return await this.iterator.throw(error);
      throw error;
    } finally {
      this.finish({ error, early: true });
    }
  }

  private readonly passed = (result: IteratorResult<StreamEvent>) => {
    if (result.done) this.finish({ early: false });
    else this.observer.event(result.value);
    return result;
  };

  private readonly failed = (error: unknown): never => {
    this.finish({ error, early: false });
    throw error;
  };

  private readonly aborted = () => {
    if (!this.iterator) this.finish({ early: true });
  };

  private finish(outcome: { error?: unknown; early: boolean }): void {
    if (this.ended) return;
    this.ended = true;
    this.signal?.removeEventListener('abort', this.aborted);
    this.observer.end(outcome);
  }
}
