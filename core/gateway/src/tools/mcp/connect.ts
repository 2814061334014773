import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  StreamableHTTPClientTransport,
  StreamableHTTPError,
} from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isStdioServer, type McpHttpServer, type McpServerConfig } from './config.js';

/** How the gateway introduces itself to MCP servers. */
const CLIENT_INFO = { name: 'manifold-gateway', version: '1.0.0' };

/** The most stderr kept of a stdio server, to log when it fails. */
const STDERR_TAIL = 4096;

/** How long closing waits for a Streamable HTTP server to end its session. */
const END_SESSION_MS = 1000;

export type TransportKind = 'stdio' | 'streamable-http' | 'sse';

/** A connected MCP client and how to let it go. */
export interface OpenConnection {
  client: Client;
  transport: TransportKind;
  /** Close the transport: ends the HTTP session, or stops the stdio process (SIGTERM, SIGKILL). */
  close(): Promise<void>;
}

export interface OpenOptions {
  /** fetch of the HTTP transports (default the global one). */
  fetch?: typeof globalThis.fetch;
  /** Longest the `initialize` exchange may take, in ms. */
  timeoutMs: number;
  /** Ends the attempt early. */
  signal?: AbortSignal;
  /** The end of a stdio server's stderr, when it failed to start (for the log). */
  onStderr?: (tail: string) => void;
}

/**
 * The fetch given to the SDK's HTTP transports. Headers become a plain object (the SDK passes a
 * `Headers`), and `upstream.webBody` asks the gateway's upstream transport for a web stream body
 * on SSE answers, which the SDK reads itself (other fetches ignore the extra field).
 */
function sdkFetch(fetch: typeof globalThis.fetch): FetchLike {
  return (input, init = {}) =>
    fetch(input, {
      ...init,
      headers: Object.fromEntries(new Headers(init.headers)),
      upstream: { webBody: true },
    } as RequestInit);
}

const newClient = () => new Client(CLIENT_INFO, { capabilities: {} });

async function openStdio(
  server: Extract<McpServerConfig, { command: string }>,
  options: OpenOptions,
): Promise<OpenConnection> {
  const transport = new StdioClientTransport({
    command: server.command,
    args: [...(server.args ?? [])],
    ...(server.env && { env: { ...server.env } }),
    ...(server.cwd !== undefined && { cwd: server.cwd }),
    stderr: 'pipe',
  });
  // Read stderr always (a full pipe would block the server); keep its end for the log.
  let tail = '';
  transport.stderr?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL);
  });
  const client = newClient();
  try {
    await client.connect(transport, { timeout: options.timeoutMs, signal: options.signal });
  } catch (error) {
    await transport.close().catch(() => undefined);
    if (tail.trim() !== '') options.onStderr?.(tail);
    throw error;
  }
  return { client, transport: 'stdio', close: () => client.close() };
}

async function openHttp(server: McpHttpServer, options: OpenOptions): Promise<OpenConnection> {
  const url = new URL(server.url);
  const requestInit = { headers: { ...server.headers } };
  const fetch = options.fetch ? sdkFetch(options.fetch) : undefined;
  const connectOptions = { timeout: options.timeoutMs, signal: options.signal };

  const streamable = new StreamableHTTPClientTransport(url, {
    requestInit,
    ...(fetch && { fetch }),
  });
  const client = newClient();
  try {
    await client.connect(streamable, connectOptions);
    const close = async () => {
      // Be polite: end the session (DELETE), but never wait long for a server that is gone.
      await Promise.race([
        streamable.terminateSession().catch(() => undefined),
        new Promise((resolve) => setTimeout(resolve, END_SESSION_MS).unref()),
      ]);
      await client.close();
    };
    return { client, transport: 'streamable-http', close };
  } catch (error) {
    await client.close().catch(() => undefined);
    // A server of the older HTTP+SSE transport answers a POST to its SSE URL with a 4xx.
    const status = error instanceof StreamableHTTPError ? error.code : undefined;
    if (status === undefined || status < 400 || status >= 500 || options.signal?.aborted)
      throw error;
    const sse = new SSEClientTransport(url, { requestInit, ...(fetch && { fetch }) });
    const sseClient = newClient();
    try {
      await sseClient.connect(sse, connectOptions);
    } catch (sseError) {
      await sseClient.close().catch(() => undefined);
      throw new Error(
        `Streamable HTTP: ${(error as Error).message}; SSE: ${(sseError as Error).message}`,
        { cause: sseError },
      );
    }
    return { client: sseClient, transport: 'sse', close: () => sseClient.close() };
  }
}

/**
 * Connect to an MCP server and run the `initialize` exchange: a stdio server is started as a
 * child process; an HTTP server is tried with Streamable HTTP, then with the older SSE transport
 * when Streamable HTTP answers 4xx. Rejects when the server cannot be reached or does not
 * initialise (nothing is left running then).
 */
export function openConnection(
  server: McpServerConfig,
  options: OpenOptions,
): Promise<OpenConnection> {
  return isStdioServer(server) ? openStdio(server, options) : openHttp(server, options);
}
