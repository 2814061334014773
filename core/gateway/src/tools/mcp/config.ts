import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigError } from '../../config.js';

/** An MCP server the gateway starts itself and talks to over stdin/stdout (operator only). */
export interface McpStdioServer {
  /** The program to run (looked up on `PATH`; no shell). */
  command: string;
  args?: readonly string[];
  /** Added to a small safe environment (`HOME`, `PATH`, `USER`…), not to the gateway's own. */
  env?: Readonly<Record<string, string>>;
  /** Working folder of the process; default the gateway's. */
  cwd?: string;
}

/** An MCP server reached over HTTP: Streamable HTTP, or the older SSE transport as a fallback. */
export interface McpHttpServer {
  /** The server's MCP endpoint (`http:` or `https:`). */
  url: string;
  /** Sent with every request (an `Authorization` header, say). */
  headers?: Readonly<Record<string, string>>;
}

export type McpServerConfig = McpStdioServer | McpHttpServer;

/** `MCP_SERVERS` (CONTRACT §8), checked: servers by their name as written. */
export interface McpServersConfig {
  mcpServers: Readonly<Record<string, McpServerConfig>>;
}

export const isStdioServer = (server: McpServerConfig): server is McpStdioServer =>
  'command' in server;

/** Longest identifier a manifest takes (ToolManifest `identifier`). */
const MAX_IDENTIFIER = 64;

/**
 * A server's name as an identifier part: lower-cased, every run of other characters than `a-z`
 * and `0-9` turned into one `-`, no `-` at either end (`"My_Server"` → `my-server`). Empty when
 * nothing is left.
 */
export const normalizeServerName = (name: string): string =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');

/** The manifest identifier of the operator's server `name`: `mcp-<name>`, normalised. */
export const mcpIdentifier = (name: string): string => `mcp-${normalizeServerName(name)}`;

/** The manifest identifier of a person's own server `name`: `mcp-user-<name>`, normalised. */
export const userMcpIdentifier = (name: string): string => `mcp-user-${normalizeServerName(name)}`;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What is wrong with one server entry, or its checked form. */
export type ServerCheck = { server: McpServerConfig } | { problem: string; key?: string };

function stringRecord(value: unknown, key: string): string | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return `${key} must be an object of strings`;
  const bad = Object.entries(value).find(([, item]) => typeof item !== 'string');
  return bad ? `${key}.${bad[0]} must be a string` : undefined;
}

/** An HTTP(S) server entry: `{url, headers?}`. */
export function checkHttpServer(entry: Record<string, unknown>): ServerCheck {
  const { url, headers } = entry;
  if (typeof url !== 'string' || url.trim() === '')
    return { problem: 'url must be a non-empty string', key: 'url' };
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return { problem: `url is not a URL: "${url}"`, key: 'url' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { problem: `url must be http: or https:, got "${parsed.protocol}"`, key: 'url' };
  const headerProblem = stringRecord(headers, 'headers');
  if (headerProblem) return { problem: headerProblem, key: 'headers' };
  return {
    server: {
      url: parsed.href,
      ...(headers !== undefined && { headers: headers as Record<string, string> }),
    },
  };
}

function checkStdioServer(entry: Record<string, unknown>): ServerCheck {
  const { command, args, env, cwd } = entry;
  if (typeof command !== 'string' || command.trim() === '')
    return { problem: 'command must be a non-empty string', key: 'command' };
  if (args !== undefined && (!Array.isArray(args) || args.some((a) => typeof a !== 'string')))
    return { problem: 'args must be an array of strings', key: 'args' };
  const envProblem = stringRecord(env, 'env');
  if (envProblem) return { problem: envProblem, key: 'env' };
  if (cwd !== undefined && typeof cwd !== 'string')
    return { problem: 'cwd must be a string', key: 'cwd' };
  return {
    server: {
      command,
      ...(args !== undefined && { args: args as string[] }),
      ...(env !== undefined && { env: env as Record<string, string> }),
      ...(cwd !== undefined && { cwd }),
    },
  };
}

/**
 * One server of the common `mcpServers` form: `{command, args?, env?, cwd?}` or `{url, headers?}`.
 * Other keys (`type`, `description`…) are ignored, as other MCP clients do.
 */
export function checkServer(entry: unknown): ServerCheck {
  if (!isRecord(entry))
    return { problem: 'must be an object with "command" or "url"' } satisfies ServerCheck;
  const hasCommand = entry.command !== undefined;
  const hasUrl = entry.url !== undefined;
  if (hasCommand && hasUrl) return { problem: 'has both "command" and "url"; give one' };
  if (hasCommand) return checkStdioServer(entry);
  if (hasUrl) return checkHttpServer(entry);
  return { problem: 'needs "command" (a program to run) or "url" (an HTTP endpoint)' };
}

function readValue(value: string, cwd: string): string {
  const text = value.trim();
  if (text.startsWith('{')) return text;
  const path = resolve(cwd, text);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(
      'MCP_SERVERS',
      `is neither JSON nor a readable file: ${path}: ${(error as Error).message}`,
    );
  }
}

/**
 * `MCP_SERVERS` (CONTRACT §8): JSON, or the path of a JSON file (relative to `cwd`), in the
 * common form `{"mcpServers": {"<name>": {"command", "args"?, "env"?, "cwd"?} | {"url",
 * "headers"?}}}`. A server with `"disabled": true` is left out. Names are normalised to
 * identifiers `mcp-<name>` (`normalizeServerName`); a name that leaves nothing, two names that
 * become the same identifier, a name starting with `user-` (kept for a person's own servers,
 * `mcp-user-<name>`) or an identifier past 64 characters are refused. Unset or empty → no
 * servers. Anything wrong throws a ConfigError naming `MCP_SERVERS`.
 */
export function parseMcpServers(
  value: string | undefined,
  cwd: string = process.cwd(),
): McpServersConfig {
  if (value === undefined || value.trim() === '') return { mcpServers: {} };
  const fail = (problem: string) => new ConfigError('MCP_SERVERS', problem);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readValue(value, cwd));
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw fail(`is not valid JSON: ${(error as Error).message}`);
  }
  if (!isRecord(parsed) || !isRecord(parsed.mcpServers))
    throw fail('must be an object {"mcpServers": {"<name>": {...}}}');
  const servers: Record<string, McpServerConfig> = {};
  const byIdentifier = new Map<string, string>();
  for (const [name, entry] of Object.entries(parsed.mcpServers)) {
    if (isRecord(entry) && entry.disabled === true) continue;
    const part = normalizeServerName(name);
    if (part === '')
      throw fail(`server name "${name}" has no letters or digits to make an identifier from`);
    if (part.startsWith('user-') || part === 'user')
      throw fail(`server name "${name}": names starting with "user" are kept for people's own`);
    const identifier = mcpIdentifier(name);
    if (identifier.length > MAX_IDENTIFIER)
      throw fail(`server name "${name}" is too long (identifier ${identifier} > 64 characters)`);
    const other = byIdentifier.get(identifier);
    if (other !== undefined)
      throw fail(`server names "${other}" and "${name}" both become identifier ${identifier}`);
    byIdentifier.set(identifier, name);
    const check = checkServer(entry);
    if ('problem' in check) throw fail(`server "${name}": ${check.problem}`);
    servers[name] = check.server;
  }
  return { mcpServers: servers };
}
