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
  events: AsyncIterable<StreamEvent>,
  options: StreamWriteOptions,
): Promise<void> {
  return writeRawFrames(reply, events, CONTRACT_FRAMES, { ...options, ping: PING });
}

/**
 * Write a chat's events as the frames `translator` makes of them, straight to the raw response:
 * the frames of one event-loop turn (one upstream read) in one corked write, waiting for `drain`
 * under backpressure, `options.ping` while idle, the translator's end frames last. Resolves when
 * the stream ended or the client went away (the caller's abort signal stops the upstream).
 */
export async function writeRawFrames(
  reply: FastifyReply,
  events: AsyncIterable<StreamEvent>,
  translator: FrameTranslator,
  options: FrameWriteOptions,
): Promise<void> {
  const response = reply.raw;
  reply.hijack();
  response.writeHead(200, { ...STREAM_HEADERS, ...options.headers });
  // The upstream accepted the request: the client sees the 200 now, not with the first event.
  response.flushHeaders();
  let lastWrite = Date.now();
  const ping = setInterval(() => {
    if (Date.now() - lastWrite >= options.pingMs && !response.destroyed) {
      response.write(options.ping);
      lastWrite = Date.now();
    }
  }, options.pingMs);
  ping.unref();
  // Events produced in one turn of the event loop (one upstream read) leave in one write.
  let corked = false;
  const uncork = () => {
    corked = false;
    response.uncork();
  };
  // A promise only under backpressure: the usual write costs no extra microtask.
  const write = (frames: string): Promise<void> | undefined => {
    lastWrite = Date.now();
    if (!corked) {
      corked = true;
      response.cork();
      setImmediate(uncork);
    }
    if (!response.write(frames)) {
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
    return undefined;
  };
  try {
    for await (const event of events) {
      if (response.destroyed) break;
      const frames = translator.event(event);
      if (frames === '') continue;
      const draining = write(frames);
      if (draining) await draining;
    }
    const tail = response.destroyed ? '' : translator.end();
    if (tail !== '') await write(tail);
  } finally {
    clearInterval(ping);
    if (corked) uncork();
    if (!response.destroyed) response.end();
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
