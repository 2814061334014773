import { parseEventStream, type WireEvent } from './gateway.js';

/** An SSE answer read incrementally: its status, headers, and the events so far. */
export interface OpenStream {
  status: number;
  headers: Headers;
  events: WireEvent[];
  /** Resolves when `count` events arrived (or the stream ended first). */
  until(count: number): Promise<WireEvent[]>;
  /** Resolves with every event once the stream ended. */
  done: Promise<WireEvent[]>;
  /** Cut the connection (a client that goes away). */
  cut(): void;
}

/** Open `url` and parse its `text/event-stream` as it arrives. */
export async function openStream(url: string, init: RequestInit = {}): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(url, { ...init, signal: controller.signal });
  const events: WireEvent[] = [];
  const waiting: Array<{ count: number; resolve: () => void }> = [];
  let ended = false;
  const wake = () => {
    for (const each of [...waiting])
      if (ended || events.length >= each.count) {
        waiting.splice(waiting.indexOf(each), 1);
        each.resolve();
      }
  };
  const done = (async () => {
    let buffer = '';
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        const end = buffer.lastIndexOf('\n\n');
        if (end === -1) continue;
        events.push(...parseEventStream(buffer.slice(0, end + 2)));
        buffer = buffer.slice(end + 2);
        wake();
      }
    } catch {
      // cut by the client, or by a server that went away
    }
    ended = true;
    wake();
    return events;
  })();
  return {
    status: response.status,
    headers: response.headers,
    events,
    until: (count) =>
      new Promise<WireEvent[]>((resolve) => {
        waiting.push({ count, resolve: () => resolve(events) });
        wake();
      }),
    done,
    cut: () => controller.abort(),
  };
}

/** The text of a stream's `text` events. */
export const textOf = (events: readonly WireEvent[]): string =>
  events
    .filter((event) => event.event === 'text')
    .map((event) => event.data as string)
    .join('');
