import type { FastifyBaseLogger } from 'fastify';
import type { StreamEvent } from '@manifold/core/contract/stream-event';

/**
 * State several gateway instances share (CONTRACT §11) when `REDIS_URL` is set: the key rotation
 * turn, rate-limit counters, resumable stream events and messages between instances. Without it
 * each process keeps its own (`undefined` shared state) and `ioredis` is never loaded.
 *
 * Every method tolerates Redis being down: counters fall back to the caller's local value, writes
 * are dropped (logged), reads find nothing; chats keep being served.
 */
export interface SharedState {
  /** `up` while the connection to Redis is ready. */
  status(): 'up' | 'down';
  /** The next value of a shared counter (from 1), or `undefined` when Redis cannot answer. */
  next(counter: string): Promise<number | undefined>;
  /** Add `amount` to a counter that expires `windowMs` after it was created; its new value. */
  add(counter: string, amount: number, windowMs: number): Promise<number | undefined>;
  /** The current value of a counter made by `add` and the milliseconds it has left. */
  peek(counter: string): Promise<{ value: number; ttlMs: number } | undefined>;

  /** A stream began: its owner's hash, kept with its events. */
  streamOpen(id: string, owner: string, ttlSeconds: number): void;
  /** Its `index`-th event (0-based), written in order. */
  streamAppend(id: string, index: number, event: StreamEvent): void;
  /** It ended: its events expire `ttlSeconds` from now. */
  streamEnd(id: string, ttlSeconds: number): void;
  /** The owner's hash of a stream, `undefined` for an unknown or expired one. */
  streamOwner(id: string): Promise<string | undefined>;
  /**
   * The events of a stream from index `after`, then the live ones until its end. A stream whose
   * producer went away (its instance died) ends with an `error` event, stored as its last one.
   */
  streamRead(id: string, after: number, signal: AbortSignal): AsyncIterable<StreamEvent>;

  /** Tell every instance (this one too). */
  publish(channel: string, message: string): void;
  /** Hear what any instance published on `channel`. */
  subscribe(channel: string, listener: (message: string) => void): void;

  /** The Redis client itself, for `@fastify/rate-limit`'s store. */
  readonly client: unknown;
  close(): Promise<void>;
}

/** Connect to `REDIS_URL` (the module, and `ioredis`, are loaded only then); Redis down does not stop the boot. */
export async function connectSharedState(
  url: string,
  log: FastifyBaseLogger,
): Promise<SharedState> {
  const { RedisState } = await import('./redis-state.js');
  const state = new RedisState(url, log);
  // the first requests find Redis ready (a Redis that is down delays the boot 2 s at most)
  await state.whenReady();
  return state;
}
