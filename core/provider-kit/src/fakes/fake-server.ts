/**
 * Pieces every fake upstream shares: closing the server with its open sockets, and telling a test
 * when a client closed an answer before it finished.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/** Destroy every open socket and stop listening; resolves once all are closed. */
export async function closeFakeServer(server: Server, sockets: ReadonlySet<Socket>): Promise<void> {
  const closing = [...sockets].map(
    (socket) => new Promise((resolve) => socket.once('close', resolve)),
  );
  for (const socket of sockets) socket.destroy();
  await Promise.all([...closing, new Promise<void>((resolve) => server.close(() => resolve()))]);
}

/** Client closes of unfinished answers: the server reports them, a test waits for them. */
export class ClientCloses {
  private readonly waiters: Array<() => void> = [];
  private unclaimed = 0;

  /** A client closed an unfinished answer. */
  notify(): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter();
    else this.unclaimed++;
  }

  /** Resolves at the next close, or at once for one that happened unclaimed. */
  wait(): Promise<void> {
    if (this.unclaimed > 0) {
      this.unclaimed--;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }
}
