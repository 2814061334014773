import { atom, computed } from 'nanostores';
import type { ToolManifest } from '@manifold/core/contract/tool-manifest';
import {
  ChatFetchError,
  errorFromResponse,
  isAbortError,
  networkError,
} from '../../../lib/api-error.js';
import { setChatHeaders } from '../../../lib/api.js';
import { authHeaders } from '../../../lib/auth-token.js';
import { $accessCode } from '../../providers/stores/provider-settings.js';

/**
 * The tools the gateway offers (CONTRACT §8) and what the person keeps for them in the browser:
 * each tool's settings (sent as `X-Manifold-Plugin-Settings` with a call of that tool) and their
 * own Streamable-HTTP MCP servers (sent as `X-Manifold-Mcp-Servers` with tool lists, tool calls
 * and chat requests). Which tools a conversation offers is its agent setting `plugins`.
 */

/** A person's own MCP server, reached by URL (never a program). */
export interface UserMcpServer {
  name: string;
  url: string;
  headers?: Record<string, string>;
}

const SETTINGS_KEY = 'manifold:tool-settings';
const SERVERS_KEY = 'manifold:mcp-servers';

function readJson<T>(key: string, fallback: T): T {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : fallback;
  } catch {
    return fallback;
  }
}

function persisted<T>(key: string, fallback: T) {
  const store = atom<T>(readJson(key, fallback));
  store.listen((value) => {
    try {
      globalThis.localStorage?.setItem(key, JSON.stringify(value));
    } catch {
      // storage full or unavailable: the value lives for this page
    }
  });
  return store;
}

/** Settings by tool identifier (forms generated from each manifest's `settings` schema). */
export const $toolSettings = persisted<Record<string, Record<string, unknown>>>(SETTINGS_KEY, {});
/** The person's own MCP servers. */
export const $userMcpServers = persisted<UserMcpServer[]>(SERVERS_KEY, []);

/** Where the tool list stands. */
export interface ToolsState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  tools: ToolManifest[];
  error?: string;
}

export const $tools = atom<ToolsState>({ status: 'idle', tools: [] });
/** The tools offered, by identifier. */
export const $toolsById = computed($tools, (state) => {
  const map = new Map<string, ToolManifest>();
  for (const tool of state.tools) map.set(tool.identifier, tool);
  return map;
});

const b64url = (value: unknown): string => {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

/** A name the gateway turns into `mcp-user-<name>`: letters, digits and dashes. */
export function serverName(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** `X-Manifold-Mcp-Servers` for the person's servers (empty object when they have none). */
export function mcpServersHeader(servers = $userMcpServers.get()): Record<string, string> {
  if (!servers.length) return {};
  const mcpServers: Record<string, { url: string; headers?: Record<string, string> }> = {};
  for (const s of servers)
    mcpServers[s.name] = { url: s.url, ...(s.headers && { headers: s.headers }) };
  return { 'x-manifold-mcp-servers': b64url({ mcpServers }) };
}

// chat requests carry the person's MCP servers too, so their tools can be offered to the model
setChatHeaders(() => mcpServersHeader());

/** `X-Manifold-Plugin-Settings` for a call of `identifier` (nothing when it has no settings). */
export function pluginSettingsHeader(identifier: string): Record<string, string> {
  const settings = $toolSettings.get()[identifier];
  if (!settings || !Object.keys(settings).length) return {};
  return { 'x-manifold-plugin-settings': b64url(settings) };
}

/** Headers of a gateway call about tools: auth (the access code) and the person's MCP servers. */
export async function toolHeaders(): Promise<Record<string, string>> {
  const accessCode = $accessCode.get().trim();
  return { ...(await authHeaders(accessCode ? { accessCode } : {})), ...mcpServersHeader() };
}

let loading: AbortController | undefined;

/**
 * Load the tool list: `GET /webapi/tools` (the server's tools and the person's MCP servers),
 * falling back to `GET /tools` when the authenticated list is refused.
 */
export async function loadTools(fetchImpl: typeof fetch = fetch): Promise<void> {
  loading?.abort();
  const controller = new AbortController();
  loading = controller;
  $tools.set({ ...$tools.get(), status: 'loading' });
  try {
    let response = await fetchImpl('/webapi/tools', {
      headers: await toolHeaders(),
      signal: controller.signal,
    });
    if (!response.ok && !$userMcpServers.get().length)
      response = await fetchImpl('/tools', { signal: controller.signal });
    if (!response.ok) throw await errorFromResponse(response);
    const body = (await response.json()) as { tools?: ToolManifest[] };
    if (loading === controller) $tools.set({ status: 'ready', tools: body.tools ?? [] });
  } catch (error) {
    if (isAbortError(error)) return;
    const e = error instanceof ChatFetchError ? error : networkError(error);
    if (loading === controller)
      $tools.set({ status: 'error', tools: $tools.get().tools, error: e.message });
  }
}

/** The tools once loaded (loads them when not yet asked for). */
export async function ensureTools(): Promise<ToolManifest[]> {
  if ($tools.get().status === 'idle') await loadTools();
  return $tools.get().tools;
}

/** Keep a tool's settings (an empty object forgets them). */
export function setToolSettings(identifier: string, settings: Record<string, unknown>): void {
  const { [identifier]: _old, ...rest } = $toolSettings.get();
  $toolSettings.set(Object.keys(settings).length ? { ...rest, [identifier]: settings } : rest);
}

/** Add (or replace, by name) one of the person's MCP servers and reload the tool list. */
export function addUserMcpServer(server: UserMcpServer): string | undefined {
  const name = serverName(server.name);
  if (!name) return 'name';
  let url: URL;
  try {
    url = new URL(server.url.trim());
  } catch {
    return 'url';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'url';
  const entry: UserMcpServer = {
    name,
    url: url.toString(),
    ...(server.headers && Object.keys(server.headers).length ? { headers: server.headers } : {}),
  };
  $userMcpServers.set([...$userMcpServers.get().filter((s) => s.name !== name), entry]);
  void loadTools();
  return undefined;
}

export function removeUserMcpServer(name: string): void {
  $userMcpServers.set($userMcpServers.get().filter((s) => s.name !== name));
  void loadTools();
}
