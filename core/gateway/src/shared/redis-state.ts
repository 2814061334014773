import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import type { SharedState } from './state.js';

const PREFIX = 'manifold:';
/** How often a producer says it is alive, and how long that lasts. */
const ALIVE_EVERY_MS = 1_000;
const ALIVE_FOR_MS = 4_000;
/** How often a follower on another instance looks for new events. */
const POLL_MS = 40;
/** A running stream's keys outlive a stuck producer by this much at most. */
const RUNNING_TTL_SECONDS = 6 * 3600;

const ADD_SCRIPT = `local v = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('PTTL', KEYS[1]) < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return v`;

const streamKey = (id: string) => `${PREFIX}stream:${id}`;
const ownerKey = (id: string) => `${PREFIX}stream:${id}:owner`;
const aliveKey = (id: string) => `${PREFIX}stream:${id}:alive`;
/** Entry ids are `0-<index + 1>`: an event's position is its id, and replay is one XRANGE. */
const entryId = (index: number) => `0-${index + 1}`;

/** The producer's side of one stream on this instance. */
interface Producing {
  alive: NodeJS.Timeout;
  /** A write failed (Redis went away): the stored copy has a gap, so nothing more is stored. */
  broken: boolean;
}

/** `SharedState` in Redis (`ioredis`): see `state.ts`. */
export class RedisState implements SharedState {
  readonly client: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Map<string, Array<(message: string) => void>>();
  private readonly producing = new Map<string, Producing>();
  private readonly ready: Promise<void>;

  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    const options = {
      // Redis down: a command fails at once instead of queueing, and the gateway carries on
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: 2_000,
      connectTimeout: 2_000,
      retryStrategy: (times: number) => Math.min(times * 200, 2_000),
    };
    this.client = new Redis(url, options);
    this.subscriber = new Redis(url, { ...options, enableOfflineQueue: true });
    let wasDown = false;
    const onError = (error: Error) => {
      if (!wasDown) log.warn({ err: error.message }, 'redis unavailable');
      wasDown = true;
    };
    this.client.on('error', onError);
    this.subscriber.on('error', () => {});
    this.client.on('ready', () => {
      if (wasDown) log.info('redis available again');
      wasDown = false;
    });
    this.subscriber.on('message', (channel: string, message: string) => {
      for (const listener of this.listeners.get(channel.slice(PREFIX.length)) ?? [])
        listener(message);
    });
    // boot waits a moment for the connection, not for Redis to come back
    this.ready = Promise.race([
      new Promise<void>((resolve) => this.client.once('ready', () => resolve())),
      sleep(2_000, undefined, { ref: false }),
    ]);
  }

  /** Resolves once connected, or after 2 s of trying. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  status(): 'up' | 'down' {
    return this.client.status === 'ready' ? 'up' : 'down';
  }

  async next(counter: string): Promise<number | undefined> {
    try {
      return await this.client.incr(PREFIX + counter);
    } catch {
      return undefined;
    }
  }

  async add(counter: string, amount: number, windowMs: number): Promise<number | undefined> {
    try {
      return Number(await this.client.eval(ADD_SCRIPT, 1, PREFIX + counter, amount, windowMs));
    } catch {
      return undefined;
    }
  }

  async peek(counter: string): Promise<{ value: number; ttlMs: number } | undefined> {
    try {
      const [value, ttl] = await Promise.all([
        this.client.get(PREFIX + counter),
        this.client.pttl(PREFIX + counter),
      ]);
      return { value: Number(value ?? 0), ttlMs: Math.max(0, ttl) };
    } catch {
      return undefined;
    }
  }

  private write(id: string, run: () => Promise<unknown>): void {
    const state = this.producing.get(id);
    if (!state || state.broken) return;
    run().catch((error: Error) => {
      state.broken = true;
      clearInterval(state.alive);
      this.log.warn({ stream: id, err: error.message }, 'stream not stored in redis');
    });
  }

  streamOpen(id: string, owner: string, _ttlSeconds: number): void {
    const alive = setInterval(() => {
      this.write(id, () => this.client.set(aliveKey(id), '1', 'PX', ALIVE_FOR_MS));
    }, ALIVE_EVERY_MS);
    alive.unref();
    this.producing.set(id, { alive, broken: false });
    this.write(id, () =>
      this.client
        .multi()
        .set(ownerKey(id), owner, 'EX', RUNNING_TTL_SECONDS)
        .set(aliveKey(id), '1', 'PX', ALIVE_FOR_MS)
        .exec(),
    );
  }

  streamAppend(id: string, index: number, event: StreamEvent): void {
    this.write(id, async () => {
      await this.client.xadd(streamKey(id), entryId(index), 'e', JSON.stringify(event));
      if (index === 0) await this.client.expire(streamKey(id), RUNNING_TTL_SECONDS);
    });
  }

  streamEnd(id: string, ttlSeconds: number): void {
    const state = this.producing.get(id);
    if (!state) return;
    clearInterval(state.alive);
    this.write(id, () =>
      this.client
        .multi()
        .xadd(streamKey(id), '*', 'end', '')
        .expire(streamKey(id), ttlSeconds)
        .expire(ownerKey(id), ttlSeconds)
        .del(aliveKey(id))
        .exec(),
    );
    this.producing.delete(id);
  }

  async streamOwner(id: string): Promise<string | undefined> {
    try {
      return (await this.client.get(ownerKey(id))) ?? undefined;
    } catch {
      return undefined;
    }
  }

  async *streamRead(id: string, after: number, signal: AbortSignal): AsyncIterable<StreamEvent> {
    let next = after;
    let lastId = 'first_chunk_error';
    let quiet = 0;
    const lost = (reason: string): StreamEvent => ({
      id: lastId,
      event: 'error',
      data: {
        type: 'ProviderBizError',
        message: 'The gateway instance producing this answer went away before it ended.',
        body: { reason },
      },
    });
    while (!signal.aborted) {
      const entries = await this.client.xrange(streamKey(id), `0-${next + 1}`, '+');
      for (const [entry, fields] of entries) {
        if (fields[0] === 'end') return;
        // an entry past a gap: what came between was never stored; say so rather than skip it
        if (entry !== entryId(next)) {
          yield lost('events_missing');
          return;
        }
        const event = JSON.parse(fields[1]!) as StreamEvent;
        lastId = event.id;
        yield event;
        next++;
      }
      if (entries.length > 0) {
        quiet = 0;
        continue;
      }
      if (++quiet % 10 === 0 && (await this.client.exists(aliveKey(id))) === 0) {
        // its producer is gone: its end is stored as the next event, so every reader sees the
        // same end and indexes stay stable (a producer that wrote it meanwhile wins)
        try {
          await this.client.xadd(
            streamKey(id),
            'NOMKSTREAM',
            entryId(next),
            'e',
            JSON.stringify(lost('instance_lost')),
          );
          await this.client.xadd(streamKey(id), 'NOMKSTREAM', '*', 'end', '');
        } catch {
          // written by someone else first: read it on the next turn
        }
        continue;
      }
      await sleep(POLL_MS, undefined, { signal }).catch(() => {});
    }
  }

  publish(channel: string, message: string): void {
    this.client.publish(PREFIX + channel, message).catch(() => {});
  }

  subscribe(channel: string, listener: (message: string) => void): void {
    const listeners = this.listeners.get(channel);
    if (listeners) listeners.push(listener);
    else {
      this.listeners.set(channel, [listener]);
      this.subscriber.subscribe(PREFIX + channel).catch(() => {});
    }
  }

  async close(): Promise<void> {
    for (const state of this.producing.values()) clearInterval(state.alive);
    this.subscriber.disconnect();
    await this.client.quit().catch(() => this.client.disconnect());
  }
}
