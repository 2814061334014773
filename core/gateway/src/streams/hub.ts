import { createHash, randomFillSync } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import type { SharedState } from '../shared/state.js';

/** The header naming a chat stream for `GET /webapi/chat/streams/:id` (CONTRACT §11). */
export const STREAM_ID_HEADER = 'x-manifold-stream-id';

/** How long a finished stream stays in this process's memory when Redis keeps it (reads go there). */
const LOCAL_AFTER_END_WITH_REDIS_MS = 30_000;
/**
 * Most finished streams one process keeps in memory: past it the oldest is forgotten before its
 * `STREAM_RESUME_SECONDS` (a bound on memory under load; Redis keeps them all their time).
 */
export const MAX_FINISHED_IN_MEMORY = 10_000;

/** Estimated bytes of finished streams one process keeps at most by default (`STREAM_RESUME_MEMORY_MB`). */
const DEFAULT_MEMORY_BYTES = 64 * 1024 * 1024;

/**
 * Who may resume or stop a stream: a SHA-256 of the signed-in person's id, else of the token's
 * credentials (key-vault fields and access code). Keys are never stored, only this hash.
 */
export function ownerHash(parts: { userId?: string | undefined; credentials?: unknown }): string {
  const subject =
    parts.userId !== undefined
      ? `user\0${parts.userId}`
      : `credentials\0${JSON.stringify(parts.credentials ?? null)}`;
  // a credentials subject holds API keys: hashed each time, never kept
  if (parts.userId === undefined) return createHash('sha256').update(subject).digest('base64url');
  let hash = recentOwners.get(subject);
  if (hash === undefined) {
    hash = createHash('sha256').update(subject).digest('base64url');
    recentOwners.set(subject, hash);
    if (recentOwners.size > RECENT_OWNERS_MAX)
      recentOwners.delete(recentOwners.keys().next().value!);
  }
  return hash;
}

/** Signed-in people's ids hashed lately (every chat asks; the same people come back). */
const recentOwners = new Map<string, string>();
const RECENT_OWNERS_MAX = 1024;

/**
 * Random bytes for stream ids, drawn 4 KiB at a time: `randomBytes(16)` per stream cost ~15 µs of
 * every chat request (a synchronous call into the system RNG each time).
 */
const idPool = Buffer.alloc(4096);
let idOffset = idPool.length;

/** A new stream id: `ms_` and 16 random bytes in base64url. */
export function newStreamId(): string {
  if (idOffset + 16 > idPool.length) {
    randomFillSync(idPool);
    idOffset = 0;
  }
  const id = `ms_${idPool.toString('base64url', idOffset, idOffset + 16)}`;
  idOffset += 16;
  return id;
}

/**
 * About what an event holds in memory: its text (two bytes a character) and the objects around
 * it; other data at a flat rate. An estimate for a bound, cheap enough for every event.
 */
export function eventBytes(event: StreamEvent): number {
  return typeof event.data === 'string' ? 2 * event.data.length + 120 : 400;
}

/** One chat stream this process produces: its events so far, in order, and its readers. */
export class LiveStream {
  readonly events: StreamEvent[] = [];
  /** Estimated bytes its events hold (`eventBytes`), for the memory bound of finished streams. */
  bytes = 0;
  private done = false;
  private failure: unknown;
  private wake: Array<() => void> = [];

  constructor(
    readonly id: string,
    readonly owner: string,
    /** Aborting it stops the generation (the upstream call). */
    readonly controller: AbortController,
  ) {}

  get ended(): boolean {
    return this.done;
  }

  push(event: StreamEvent): void {
    this.events.push(event);
    this.bytes += eventBytes(event);
    this.notify();
  }

  finish(failure?: unknown): void {
    this.done = true;
    this.failure = failure;
    this.notify();
  }

  /**
   * Readers wake at the end of this turn of the event loop, not at once: the events of one upstream
   * read (pushed one by one, a microtask apart) then reach them as one batch.
   */
  private notify(): void {
    if (this.wake.length === 0 || this.waking) return;
    this.waking = setImmediate(this.wakeReaders);
  }

  private waking: NodeJS.Immediate | undefined;

  private readonly wakeReaders = () => {
    this.waking = undefined;
    const waiting = this.wake;
    this.wake = [];
    for (const resolve of waiting) resolve();
  };

  /**
   * The events from index `after`, then the live ones until the end. `rethrow`: a generation that
   * failed with an exception throws it here too (the first reader, as before streams were kept).
   */
  async *read(after: number, signal?: AbortSignal, rethrow = false): AsyncGenerator<StreamEvent> {
    for await (const batch of this.batches(after, signal, rethrow)) yield* batch;
  }

  /**
   * `read` in batches: every event there is so far at each step (one async step per upstream read
   * rather than per event; the raw writer writes a batch at once).
   */
  async *batches(
    after: number,
    signal?: AbortSignal,
    rethrow = false,
  ): AsyncGenerator<readonly StreamEvent[]> {
    let index = Math.max(0, after);
    // one abort listener for the whole read (not one per wait: a long answer waits thousands of times)
    let waiting: (() => void) | undefined;
    const onAbort = () => waiting?.();
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      for (;;) {
        if (index < this.events.length) {
          const batch = index === 0 && this.done ? this.events : this.events.slice(index);
          index = this.events.length;
          yield batch;
          continue;
        }
        if (this.done) {
          if (rethrow && this.failure !== undefined) throw this.failure;
          return;
        }
        if (signal?.aborted) return;
        await new Promise<void>((resolve) => {
          waiting = resolve;
          this.wake.push(resolve);
        });
        waiting = undefined;
      }
    } finally {
      signal?.removeEventListener('abort', onAbort);
    }
  }
}

export interface StreamHubOptions {
  /** `STREAM_RESUME_SECONDS`. */
  ttlSeconds: number;
  /**
   * `STREAM_RESUME_MEMORY_MB` in bytes: past it, the oldest finished streams are forgotten before
   * their time (long answers under load would otherwise hold gigabytes). Default 64 MiB.
   */
  memoryBytes?: number;
  shared: SharedState | undefined;
  log: FastifyBaseLogger;
}

/**
 * Events that can be read to their end with a callback per event, cheaper than `for await` (the
 * observed events of a chat: `ObservedEvents.drain`).
 */
export interface EventDrain extends AsyncIterable<StreamEvent> {
  drain(each: (event: StreamEvent) => void): Promise<void>;
}

const isDrain = (events: AsyncIterable<StreamEvent>): events is EventDrain =>
  typeof (events as Partial<EventDrain>).drain === 'function';

/**
 * Every chat stream is produced through here (CONTRACT §11): its events are pumped from the
 * upstream into a `LiveStream` (and Redis when shared), which the client that asked reads, and any
 * later resume of the same stream (on this instance from memory, on another from Redis).
 */
export class StreamHub {
  private readonly live = new Map<string, LiveStream>();
  /**
   * Finished streams still kept, oldest first, with when to forget each and their size. They all
   * keep the same time, so this order is also the order they expire in: one timer, for the oldest.
   */
  private readonly finished = new Map<string, { until: number; bytes: number }>();
  /**
   * The ids of `finished` in order, from `head` on: a Map taken from its front keeps the deleted
   * entries as holes that every `keys().next()` walks over, until V8 rehashes it (under load
   * that walk was the hub's largest cost).
   */
  private order: string[] = [];
  private head = 0;
  private sweeping: NodeJS.Timeout | undefined;
  /** Estimated bytes of the finished streams kept. */
  private finishedBytes = 0;

  constructor(private readonly options: StreamHubOptions) {
    // a stop asked on another instance
    options.shared?.subscribe('stream-stop', (id) => this.live.get(id)?.controller.abort());
  }

  /** Begin keeping a chat's events; the generation runs until it ends or `controller` aborts. */
  start(
    events: AsyncIterable<StreamEvent>,
    owner: string,
    controller: AbortController,
    onEvent?: (event: StreamEvent) => void,
  ): LiveStream {
    const id = newStreamId();
    const stream = new LiveStream(id, owner, controller);
    this.live.set(id, stream);
    const { shared, ttlSeconds } = this.options;
    shared?.streamOpen(id, owner, ttlSeconds);
    void (async () => {
      let index = 0;
      let failure: unknown;
      const each = (event: StreamEvent) => {
        stream.push(event);
        shared?.streamAppend(id, index++, event);
        onEvent?.(event);
      };
      try {
        if (isDrain(events)) await events.drain(each);
        else for await (const event of events) each(event);
      } catch (error) {
        failure = error;
      } finally {
        stream.finish(failure);
        shared?.streamEnd(id, ttlSeconds);
        const keep = shared
          ? Math.min(LOCAL_AFTER_END_WITH_REDIS_MS, ttlSeconds * 1000)
          : ttlSeconds * 1000;
        this.forgetLater(id, keep, stream.bytes);
      }
    })();
    return stream;
  }

  private forgetLater(id: string, afterMs: number, bytes: number): void {
    this.finished.set(id, { until: Date.now() + afterMs, bytes });
    this.order.push(id);
    this.finishedBytes += bytes;
    const budget = this.options.memoryBytes ?? DEFAULT_MEMORY_BYTES;
    while (this.finished.size > MAX_FINISHED_IN_MEMORY || this.finishedBytes > budget)
      this.forget(this.order[this.head++]!);
    this.compact();
    this.sweeping ??= this.sweepAt(afterMs);
  }

  /** Forget the finished streams whose time is over, then wait for the next one's. */
  private readonly sweep = () => {
    this.sweeping = undefined;
    const now = Date.now();
    while (this.head < this.order.length) {
      const id = this.order[this.head]!;
      const kept = this.finished.get(id);
      if (kept && kept.until > now) {
        this.sweeping = this.sweepAt(kept.until - now);
        break;
      }
      this.head++;
      this.forget(id);
    }
    this.compact();
  };

  /** Drop the ids before `head` once they are most of the array. */
  private compact(): void {
    if (this.head > 1024 && this.head * 2 > this.order.length) {
      this.order = this.order.slice(this.head);
      this.head = 0;
    }
  }

  private sweepAt(ms: number): NodeJS.Timeout {
    const timer = setTimeout(this.sweep, ms);
    timer.unref();
    return timer;
  }

  private forget(id: string): void {
    const kept = this.finished.get(id);
    if (kept) this.finishedBytes -= kept.bytes;
    this.finished.delete(id);
    this.live.delete(id);
  }

  /** The owner's hash of a stream, `undefined` when unknown or expired. */
  async ownerOf(id: string): Promise<string | undefined> {
    const local = this.live.get(id);
    if (local) return local.owner;
    return this.options.shared?.streamOwner(id);
  }

  /** A stream's events from index `after`, then its live ones until the end. */
  read(id: string, after: number, signal: AbortSignal): AsyncIterable<StreamEvent> {
    const local = this.live.get(id);
    if (local) return local.read(after, signal);
    if (this.options.shared) return this.options.shared.streamRead(id, after, signal);
    return (async function* () {})();
  }

  /** Stop a stream's generation, wherever it runs. */
  stop(id: string): void {
    const local = this.live.get(id);
    if (local) local.controller.abort();
    else this.options.shared?.publish('stream-stop', id);
  }

  /** The gateway closes: every generation in flight stops. */
  close(): void {
    for (const stream of this.live.values()) if (!stream.ended) stream.controller.abort();
    clearTimeout(this.sweeping);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    streams: StreamHub;
    /** Shared state between instances (`REDIS_URL`); undefined without it. */
    shared: SharedState | undefined;
  }
}
