import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Implementation, Tool } from '@modelcontextprotocol/sdk/types.js';
import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import type { McpServerConfig } from './config.js';
import type { OpenConnection } from './connect.js';
import {
  describeError,
  findManifoldError,
  isMcpError,
  McpCallTimeout,
  McpUnavailable,
} from './errors.js';
import type { ToolResultLike } from './result-text.js';

/** Options of one MCP server connection. */
export interface McpConnectionOptions {
  /** fetch of the HTTP transports (default the global one). */
  fetch?: typeof globalThis.fetch;
  /** Longest a tool call may take, in ms, connecting included (default 60 000, CONTRACT §8). */
  callTimeoutMs?: number;
  /** Longest connecting (`initialize`) or listing the tools may take, in ms (default 30 000). */
  connectTimeoutMs?: number;
  /** Where connection problems and a failed server's stderr go. */
  logger?: RuntimeLogger;
  /** Names the server in the log (its identifier). */
  label?: string;
}

/** Most pages of `tools/list` read (a server that pages forever is cut there). */
const MAX_TOOL_PAGES = 50;
/** A connection lost without a call is re-opened at once, but not more often than this. */
const AUTO_RECONNECT_MS = 10_000;
/** `start()` of a server in error tries again, but not more often than this. */
const RETRY_START_MS = 5_000;

const silent: RuntimeLogger = { debug() {}, info() {}, warn() {}, error() {} };

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * One pooled connection to one MCP server: opened on `start()` or the first call, its tool list
 * kept and refreshed on `notifications/tools/list_changed`, re-opened once when it is lost.
 */
export class McpServerConnection {
  state: 'loading' | 'success' | 'error' = 'loading';
  /** Why `state` is `error`. */
  error: string | undefined;
  /** The server's tools as last listed. */
  tools: readonly Tool[] = [];
  serverInfo: Implementation | undefined;
  instructions: string | undefined;
  /** When a call or a listing last used this connection (ms since epoch). */
  lastUsed = Date.now();
  /** Calls under way now. */
  private calls = 0;

  readonly callTimeoutMs: number;
  private readonly connectTimeoutMs: number;
  private readonly log: RuntimeLogger;
  private current: OpenConnection | undefined;
  private connecting: Promise<OpenConnection> | undefined;
  private closed = false;
  private lastAutoReconnect = 0;
  private lastAttempt = 0;
  /** Aborts a connection being opened when the connection is closed for good. */
  private readonly closing = new AbortController();

  constructor(
    readonly server: McpServerConfig,
    private readonly options: McpConnectionOptions = {},
  ) {
    this.callTimeoutMs = options.callTimeoutMs ?? 60_000;
    this.connectTimeoutMs = options.connectTimeoutMs ?? 30_000;
    this.log = options.logger ?? silent;
  }

  /** Whether a call or a connection attempt is under way (an idle sweep must leave it). */
  get busy(): boolean {
    return this.calls > 0 || this.connecting !== undefined;
  }

  /** Connect (or wait for the connection under way); never throws. Retries a server in error. */
  async start(): Promise<void> {
    this.lastUsed = Date.now();
    if (this.current) return;
    if (
      this.state === 'error' &&
      !this.connecting &&
      Date.now() - this.lastAttempt < RETRY_START_MS
    )
      return;
    await this.connect().catch(() => undefined);
  }

  /**
   * Call a tool. A connection found dead when the call is sent (a stdio server gone, an HTTP
   * session the server forgot, a refused connection) is re-opened and the call sent once more; a
   * connection that dies while the server runs the call is not retried (the tool may have acted):
   * the call fails with the SDK's `ConnectionClosed` and the next call gets a new connection.
   * Rejects with `McpCallTimeout` after `callTimeoutMs` (the call is cancelled on the server
   * with `notifications/cancelled`), with `signal.reason` when `signal` aborts first, with
   * `McpUnavailable` when the server cannot be connected to.
   */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    signal: AbortSignal,
  ): Promise<ToolResultLike> {
    this.lastUsed = Date.now();
    this.calls++;
    const deadline = new AbortController();
    const limit = new McpCallTimeout(this.callTimeoutMs);
    const timer = setTimeout(() => deadline.abort(limit), this.callTimeoutMs);
    const both = AbortSignal.any([signal, deadline.signal]);
    let used: OpenConnection | undefined;
    const attempt = async () => {
      try {
        used = await abortable(this.connect(), both);
      } catch (error) {
        if (both.aborted) throw both.reason;
        throw new McpUnavailable(error);
      }
      // the SDK's own timer is a backstop: the deadline above cancels the call first
      const result = await used.client.callTool({ name, arguments: args }, undefined, {
        signal: both,
        timeout: this.callTimeoutMs + 5_000,
      });
      return result as ToolResultLike;
    };
    try {
      try {
        return await attempt();
      } catch (error) {
        if (both.aborted || error instanceof McpUnavailable || isMcpError(error)) throw error;
        if (findManifoldError(error)) throw error;
        this.log.warn(
          { server: this.options.label, error: describeError(error) },
          'MCP server connection failed on a call; reconnecting once',
        );
        await this.drop(used);
        return await attempt();
      }
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (deadline.signal.aborted) throw limit;
      throw error;
    } finally {
      clearTimeout(timer);
      this.calls--;
      this.lastUsed = Date.now();
    }
  }

  /** Close the connection for good (stops a stdio server). */
  async close(): Promise<void> {
    this.closed = true;
    this.closing.abort(new Error('the MCP connection is closed'));
    const connecting = this.connecting;
    await this.drop(this.current);
    // a connection still being opened is closed by `open` once it sees `closed`
    await connecting?.catch(() => undefined);
  }

  /** The open connection, or one being opened now (shared by concurrent callers). */
  private connect(): Promise<OpenConnection> {
    if (this.current) return Promise.resolve(this.current);
    if (this.closed) return Promise.reject(new Error('the MCP connection is closed'));
    this.connecting ??= this.open().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async open(): Promise<OpenConnection> {
    this.lastAttempt = Date.now();
    this.state = 'loading';
    let opened: OpenConnection | undefined;
    try {
      // the SDK (and zod) load with the first MCP server a gateway connects, not at boot
      const [{ openConnection }, { ToolListChangedNotificationSchema }] = await Promise.all([
        import('./connect.js'),
        import('@modelcontextprotocol/sdk/types.js'),
      ]);
      opened = await openConnection(this.server, {
        timeoutMs: this.connectTimeoutMs,
        signal: this.closing.signal,
        ...(this.options.fetch && { fetch: this.options.fetch }),
        onStderr: (tail) =>
          this.log.warn({ server: this.options.label, stderr: tail }, 'MCP server stderr'),
      });
      const connection = opened;
      connection.client.onerror = (error) =>
        this.log.debug({ server: this.options.label, error: describeError(error) }, 'MCP error');
      connection.client.onclose = () => this.lost(connection);
      connection.client.setNotificationHandler(ToolListChangedNotificationSchema, () =>
        this.refreshTools(connection),
      );
      const tools = await this.listTools(connection.client);
      if (this.closed) throw new Error('the MCP connection is closed');
      this.tools = tools;
      this.serverInfo = connection.client.getServerVersion();
      this.instructions = connection.client.getInstructions();
      this.current = connection;
      this.state = 'success';
      this.error = undefined;
      return connection;
    } catch (error) {
      await opened?.close().catch(() => undefined);
      this.state = 'error';
      this.error = describeError(error);
      this.log.warn({ server: this.options.label, error: this.error }, 'MCP server unavailable');
      throw error;
    }
  }

  private async listTools(client: Client): Promise<Tool[]> {
    const tools: Tool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < MAX_TOOL_PAGES; page++) {
      const result = await client.listTools(cursor === undefined ? {} : { cursor }, {
        timeout: this.connectTimeoutMs,
        signal: this.closing.signal,
      });
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (cursor === undefined) break;
    }
    return tools;
  }

  private async refreshTools(connection: OpenConnection): Promise<void> {
    try {
      const tools = await this.listTools(connection.client);
      if (this.current === connection) this.tools = tools;
    } catch (error) {
      this.log.warn(
        { server: this.options.label, error: describeError(error) },
        'MCP tool list refresh failed; the last list is kept',
      );
    }
  }

  /** The transport closed by itself (a stdio server exited): re-open at once, once. */
  private lost(connection: OpenConnection): void {
    if (this.current !== connection) return;
    this.current = undefined;
    this.log.warn({ server: this.options.label }, 'MCP server connection lost');
    if (this.closed) return;
    if (Date.now() - this.lastAutoReconnect >= AUTO_RECONNECT_MS) {
      this.lastAutoReconnect = Date.now();
      void this.connect().catch(() => undefined);
    } else {
      this.state = 'error';
      this.error = 'the server closed the connection; it is reconnected on the next call';
    }
  }

  /** Close `connection` if it is still the current one. */
  private async drop(connection: OpenConnection | undefined): Promise<void> {
    if (!connection || this.current !== connection) return;
    this.current = undefined;
    await connection.close().catch(() => undefined);
  }
}
