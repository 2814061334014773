import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { ToolSource } from '../types.js';
import {
  checkHttpServer,
  normalizeServerName,
  userMcpIdentifier,
  type McpHttpServer,
} from './config.js';
import { McpServerConnection, type McpConnectionOptions } from './server-connection.js';
import { mcpToolSource } from './source.js';

/** The request header with a person's own MCP servers: base64url(JSON `{"mcpServers": {...}}`). */
export const USER_MCP_HEADER = 'x-manifold-mcp-servers';
const FIELD = 'X-Manifold-Mcp-Servers';

/** The largest header taken, in characters. */
const MAX_HEADER = 16 * 1024;
/** The most servers one request may bring. */
const MAX_SERVERS = 20;
/** Keys of a stdio server, which a person may never send. */
const STDIO_KEYS = ['command', 'args', 'env', 'cwd'] as const;

/** A person's server from the header. */
export interface UserMcpServer {
  /** The name as sent. */
  name: string;
  /** `mcp-user-<name>`, normalised. */
  identifier: string;
  server: McpHttpServer;
}

const badRequest = (message: string, field = FIELD) =>
  new ManifoldError('BadRequest', { message: `${field} ${message}`, field });

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `X-Manifold-Mcp-Servers`: base64url(JSON `{"mcpServers": {"<name>": {"url", "headers"?}}}`),
 * at most 20 servers. Absent or empty → none. A `command` (or `args`, `env`, `cwd`) is never
 * accepted from a person, nor a URL that is not http(s): 400 `BadRequest` naming the field.
 */
export function parseUserMcpServers(headerValue: string | undefined): UserMcpServer[] {
  const value = headerValue?.trim() ?? '';
  if (value === '') return [];
  if (value.length > MAX_HEADER) throw badRequest(`is longer than ${MAX_HEADER} characters`);
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(value)) throw badRequest('is not base64url');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('is not base64url of JSON');
  }
  if (!isRecord(parsed) || !isRecord(parsed.mcpServers))
    throw badRequest('must be base64url of {"mcpServers": {"<name>": {"url", "headers"?}}}');
  const entries = Object.entries(parsed.mcpServers);
  if (entries.length > MAX_SERVERS) throw badRequest(`has more than ${MAX_SERVERS} servers`);
  const servers: UserMcpServer[] = [];
  const seen = new Map<string, string>();
  for (const [name, entry] of entries) {
    const field = `${FIELD}.mcpServers.${name}`;
    if (!isRecord(entry)) throw badRequest('must be an object {"url", "headers"?}', field);
    const stdio = STDIO_KEYS.find((key) => entry[key] !== undefined);
    if (stdio)
      throw badRequest(
        'is not accepted: a person\'s MCP server is reached by "url" only; programs are started only from the operator\'s MCP_SERVERS',
        `${field}.${stdio}`,
      );
    if (normalizeServerName(name) === '')
      throw badRequest('has no letters or digits to make an identifier from', field);
    const identifier = userMcpIdentifier(name);
    if (identifier.length > 64) throw badRequest('is too long a name', field);
    const other = seen.get(identifier);
    if (other !== undefined)
      throw badRequest(`and "${other}" both become identifier ${identifier}`, field);
    seen.set(identifier, name);
    const check = checkHttpServer(entry);
    if ('problem' in check)
      throw badRequest(check.problem, check.key ? `${field}.${check.key}` : field);
    servers.push({ name, identifier, server: check.server as McpHttpServer });
  }
  return servers;
}

/** Options of the pool of people's MCP connections. */
export interface UserMcpPoolOptions extends Omit<McpConnectionOptions, 'label' | 'fetch'> {
  /**
   * fetch of every connection: under `BASE_URL_POLICY=public`, one that refuses private
   * addresses (`createPublicOnlyFetch('X-Manifold-Mcp-Servers')`).
   */
  fetch: typeof globalThis.fetch;
  /** A connection unused this long is closed, in ms (default 5 minutes). */
  idleMs?: number;
  /** The most connections kept; past it the least recently used is closed (default 100). */
  maxConnections?: number;
}

/**
 * People's MCP connections, one per URL and headers (people sending the same server share
 * it), kept while used and closed after `idleMs` without use.
 */
export class UserMcpPool {
  private readonly connections = new Map<string, McpServerConnection>();
  private readonly sweeper: ReturnType<typeof setInterval>;
  private readonly idleMs: number;
  private readonly maxConnections: number;

  constructor(private readonly options: UserMcpPoolOptions) {
    this.idleMs = options.idleMs ?? 5 * 60_000;
    this.maxConnections = options.maxConnections ?? 100;
    this.sweeper = setInterval(() => this.sweep(), Math.min(this.idleMs, 60_000));
    this.sweeper.unref();
  }

  /** How many connections are kept now. */
  get size(): number {
    return this.connections.size;
  }

  /**
   * The pooled connection to `server` (opened in the background when new). Past
   * `maxConnections` the least recently used is closed, even if busy: the cap holds.
   */
  connection(server: McpHttpServer): McpServerConnection {
    const headers = Object.entries(server.headers ?? {}).sort(([a], [b]) => a.localeCompare(b));
    const key = JSON.stringify([server.url, headers]);
    let connection = this.connections.get(key);
    if (connection) {
      // most recently used last, for the eviction below
      this.connections.delete(key);
    } else {
      const { idleMs: _idle, maxConnections: _max, ...options } = this.options;
      connection = new McpServerConnection(server, {
        ...options,
        label: `user:${new URL(server.url).host}`,
      });
      void connection.start();
    }
    this.connections.set(key, connection);
    connection.lastUsed = Date.now();
    for (const [oldest, old] of this.connections) {
      if (this.connections.size <= this.maxConnections) break;
      this.connections.delete(oldest);
      void old.close();
    }
    return connection;
  }

  /** Close every connection (at gateway close). */
  async close(): Promise<void> {
    clearInterval(this.sweeper);
    const all = [...this.connections.values()];
    this.connections.clear();
    await Promise.all(all.map((connection) => connection.close()));
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, connection] of this.connections) {
      if (connection.busy || now - connection.lastUsed < this.idleMs) continue;
      this.connections.delete(key);
      void connection.close();
    }
  }
}

export const createUserMcpPool = (options: UserMcpPoolOptions): UserMcpPool =>
  new UserMcpPool(options);

/**
 * A person's own MCP servers from their `X-Manifold-Mcp-Servers` header, as tool sources: one
 * manifest each, `mcp-user-<name>`, `type: "mcp"`, `source: "user"`, connected through the
 * pool (so through its guarded fetch). `start()` waits for the connection (or its failure);
 * `close()` leaves the pooled connection open. A bad header throws 400 `BadRequest`.
 */
export function userMcpSources(headerValue: string | undefined, pool: UserMcpPool): ToolSource[] {
  return parseUserMcpServers(headerValue).map(({ name, identifier, server }) =>
    mcpToolSource(pool.connection(server), { identifier, title: name, source: 'user' }, false),
  );
}
