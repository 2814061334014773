/**
 * An upstream that misbehaves on purpose, for the gateway's limits and timeouts: a real HTTP server
 * on 127.0.0.1 whose answer the test writes by hand (an endless line, a body that never ends, a
 * drip of bytes, a redirect, a compressed body…). It counts connections and tells when the gateway
 * closed one, which is how a test sees that an upstream socket was freed.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { closeFakeServer } from './fake-server.js';

export type HostileHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface HostileUpstream {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Replace how the next requests are answered. */
  answer(handler: HostileHandler): void;
  /** Requests received so far (method and URL). */
  readonly requests: string[];
  /** Sockets open now. */
  openSockets(): number;
  /** Resolves when every socket the gateway opened has been closed (false after `ms`). */
  allClosed(ms?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Start the server, closed at teardown. */
export async function startHostileUpstream(t: {
  teardown(fn: () => unknown): void;
}): Promise<HostileUpstream> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  let handler: HostileHandler = (_request, response) => response.end();
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    request.resume();
    handler(request, response);
  });
  const waiters: Array<() => void> = [];
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0) for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const upstream: HostileUpstream = {
    origin: `http://127.0.0.1:${port}`,
    answer(next) {
      handler = next;
    },
    requests,
    openSockets: () => sockets.size,
    allClosed(ms = 5000) {
      if (sockets.size === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), ms);
        waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
    close: () => closeFakeServer(server, sockets),
  };
  t.teardown(() => upstream.close());
  return upstream;
}

/**
 * Write `piece` again and again without ever ending the line, until the client goes away or
 * `maxBytes` were written (a bound, so a broken gateway cannot keep the test running forever).
 */
export function writeEndlessly(response: ServerResponse, piece: string, maxBytes: number): void {
  let written = 0;
  const buffer = Buffer.from(piece);
  const more = () => {
    while (!response.destroyed && written < maxBytes) {
      written += buffer.length;
      if (!response.write(buffer)) return void response.once('drain', more);
    }
    if (!response.destroyed) response.end();
  };
  more();
}
