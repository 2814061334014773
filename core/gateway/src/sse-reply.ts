import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { encodeComment, encodeEvent } from '@manifold/core/protocol/sse-encode';

/** Headers of every chat stream (CONTRACT §3). */
export const STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  'x-accel-buffering': 'no',
} as const;

export interface StreamWriteOptions {
  /** Milliseconds of idleness before a `: ping` comment. */
  pingMs: number;
  /** Extra response headers (trace ids). */
  headers?: Record<string, string>;
}

const PING = encodeComment('ping');

/** Frames held for one write past this many characters are written at once (a resumed stream's backlog). */
const FLUSH_AT = 64 * 1024;

/** Events one by one, or in batches (`LiveStream.batches`: what one turn of the event loop made). */
export type EventSource = AsyncIterable<StreamEvent | readonly StreamEvent[]>;

const isBatch = (item: StreamEvent | readonly StreamEvent[]): item is readonly StreamEvent[] =>
  Array.isArray(item);

/** Resolves when a response that refused a write can take more (`drain`) or is gone (`close`). */
export function drainedOrClosed(response: ServerResponse): Promise<void> {
  return new Promise<void>((resolve) => {
    const done = () => {
      response.off('drain', done);
      response.off('close', done);
      resolve();
    };
    response.on('drain', done);
    response.on('close', done);
  });
}

/** Turns a chat's events into the frames of a stream: CONTRACT §4's, or another API's (`/v1/*`). */
export interface FrameTranslator {
  /** The frames of one event (`''` for none). */
  event(event: StreamEvent): string;
  /** The frames after the last event, e.g. an end marker (`''` for none). */
  end(): string;
}

/** CONTRACT §4: each event as it is. */
const CONTRACT_FRAMES: FrameTranslator = { event: encodeEvent, end: () => '' };

/** Options of `writeRawFrames`. */
export interface FrameWriteOptions extends StreamWriteOptions {
  /** What is written after `pingMs` of idleness (a comment, or the API's own ping event). */
  ping: string;
}

/**
 * Write the event stream straight to the raw response: one `write` per event, waiting for
 * `drain` under backpressure, `: ping` comments while idle. Resolves when the stream ended or
 * the client went away (the caller's abort signal stops the upstream).
 */
export function writeRawEventStream(
  reply: FastifyReply,
  events: EventSource,
  options: StreamWriteOptions,
): Promise<void> {
  return writeRawFrames(reply, events, CONTRACT_FRAMES, { ...options, ping: PING });
}

/**
 * Write a chat's events as the frames `translator` makes of them, straight to the raw response:
 * the frames of one event-loop turn (one upstream read) in one write, waiting for `drain`
 * under backpressure, `options.ping` while idle, the translator's end frames last. Resolves when
 * the stream ended or the client went away (the caller's abort signal stops the upstream).
 */
export async function writeRawFrames(
  reply: FastifyReply,
  events: EventSource,
  translator: FrameTranslator,
  options: FrameWriteOptions,
): Promise<void> {
  const response = reply.raw;
  reply.hijack();
  response.writeHead(200, { ...STREAM_HEADERS, ...options.headers });
  let lastWrite = Date.now();
  const ping = setInterval(() => {
    if (Date.now() - lastWrite >= options.pingMs && !response.destroyed) {
      response.write(options.ping);
      lastWrite = Date.now();
    }
  }, options.pingMs);
  ping.unref();
  // The frames of one turn of the event loop (one upstream read) leave in one write of one string:
  // one chunk of the chunked encoding instead of one per event; the head goes with the first.
  let pending = '';
  let scheduled: NodeJS.Immediate | undefined;
  let ticking = false;
  /** Whether the head went out (`headersSent` is true from `writeHead` on, before anything is sent). */
  let sent = false;
  const flush = () => {
    scheduled = undefined;
    ticking = false;
    if (pending === '' || response.writableEnded) return;
    const frames = pending;
    pending = '';
    sent = true;
    lastWrite = Date.now();
    if (!response.destroyed) response.write(frames);
  };
  const queue = (frames: string) => {
    pending += frames;
    if (pending.length >= FLUSH_AT) {
      if (scheduled) clearImmediate(scheduled);
      flush();
    } else scheduled ??= setImmediate(flush);
  };
  // The upstream accepted the request: the client sees the 200 with the first events, or alone
  // after the next turn of the event loop when none came by then (a slow upstream).
  let head: NodeJS.Immediate | undefined = setImmediate(() => {
    head = setImmediate(() => {
      head = undefined;
      if (!sent && !response.destroyed && !response.writableEnded) response.flushHeaders();
      sent = true;
    });
  });
  try {
    for await (const item of events) {
      if (response.destroyed) break;
      if (isBatch(item)) {
        // A batch is what one turn made (the hub wakes its readers once per turn): it leaves once
        // the microtasks now running are over, so that when it was the last, the end of the
        // stream (reached in those microtasks) goes in the same write.
        let frames = '';
        for (let i = 0; i < item.length; i++) frames += translator.event(item[i]!);
        if (frames === '') continue;
        pending += frames;
        if (pending.length >= FLUSH_AT) flush();
        else if (!ticking) {
          ticking = true;
          process.nextTick(flush);
        }
      } else {
        const frames = translator.event(item);
        if (frames === '') continue;
        queue(frames);
      }
      // a promise only under backpressure: the usual event costs no extra microtask
      if (response.writableNeedDrain) await drainedOrClosed(response);
    }
    const tail = response.destroyed ? '' : translator.end();
    if (tail !== '') queue(tail);
  } finally {
    clearInterval(ping);
    if (scheduled) clearImmediate(scheduled);
    if (head) clearImmediate(head);
    // the last frames go with the end of the body, in one write
    if (!response.destroyed) response.end(pending);
    pending = '';
  }
}

/** The same stream through the official `@fastify/sse` plugin (route option `sse: 'manual'`). */
export async function writePluginEventStream(
  reply: FastifyReply,
  events: AsyncIterable<StreamEvent>,
  options: StreamWriteOptions,
): Promise<void> {
  reply.headers({ ...STREAM_HEADERS, ...options.headers });
  // the plugin ends the raw response itself; Fastify must not wait for a reply.send()
  reply.hijack();
  const sse = (
    reply as unknown as {
      sse: { send(source: unknown): Promise<void>; sendHeaders(status?: number): void };
    }
  ).sse;
  // The upstream accepted the request: the client sees the 200 now, not with the first event.
  sse.sendHeaders(200);
  reply.raw.flushHeaders();
  async function* messages() {
    for await (const event of events) yield { id: event.id, event: event.event, data: event.data };
  }
  await sse.send(messages());
}
