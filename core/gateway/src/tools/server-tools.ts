import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../config.js';
import { createPublicOnlyFetch } from '../base-url.js';
import { lazyLeanFetch as leanFetch, lazyUpstreamFetch } from '../upstream-fetch.js';
import { createMcpSources } from './mcp/source.js';
import { createWebSearchSource } from './web-search/index.js';
import { createUserMcpPool, USER_MCP_HEADER, userMcpSources } from './mcp/user-sources.js';
import { createPluginManifestSource } from './plugin-source.js';
import { ToolRegistry } from './tool-registry.js';
import type { ToolCallContext, ToolSource } from './types.js';

/**
 * The fetches a tool call gets: the plain transport for the operator's own endpoints, and for
 * URLs from elsewhere (pages to crawl, plugin URLs) the transport that checks the address
 * connected to under `BASE_URL_POLICY=public` (CONTRACT §8), else the plain one.
 */
export function toolFetches(config: GatewayConfig): ToolCallContext['fetch'] {
  return {
    trusted: leanFetch,
    guarded: config.baseURLPolicy === 'public' ? createPublicOnlyFetch('url') : leanFetch,
  };
}

/** Every tool source of the server, in the order that wins on a duplicate identifier. */
export function serverToolSources(config: GatewayConfig, log: FastifyBaseLogger): ToolSource[] {
  const sources: ToolSource[] = [];
  const search = createWebSearchSource(config.env);
  if (search) sources.push(search);
  sources.push(
    ...createMcpSources(config.mcpServers, { callTimeoutMs: config.mcpTimeoutMs, logger: log }),
  );
  if (config.pluginManifests.length > 0)
    sources.push(
      createPluginManifestSource(config.pluginManifests, { logger: log, fetch: leanFetch }),
    );
  return sources;
}

/** The server's tool registry, started (plugin manifests read, MCP servers connected or failed). */
export async function startTools(
  config: GatewayConfig,
  log: FastifyBaseLogger,
): Promise<ToolRegistry> {
  const tools = new ToolRegistry(serverToolSources(config, log), log);
  await tools.start();
  return tools;
}

/** How long `GET /webapi/tools` waits for a person's new MCP servers to connect. */
const USER_CONNECT_BUDGET_MS = 5_000;

/**
 * A person's own tool sources, from their request: the MCP servers in `X-Manifold-Mcp-Servers`
 * (CONTRACT §8 "a user's own plugins and MCP servers"), connected through one pool whose fetch
 * checks the address connected to under `BASE_URL_POLICY=public`.
 */
export function createUserSources(config: GatewayConfig, log: FastifyBaseLogger) {
  const pool = createUserMcpPool({
    fetch:
      config.baseURLPolicy === 'public'
        ? createPublicOnlyFetch('X-Manifold-Mcp-Servers')
        : lazyUpstreamFetch(),
    callTimeoutMs: config.mcpTimeoutMs,
    logger: log,
  });
  return {
    pool,
    of: (request: FastifyRequest): ToolSource[] =>
      userMcpSources(request.headers[USER_MCP_HEADER] as string | undefined, pool),
    /** Start them, waiting at most a few seconds (a slow one is listed as `loading`). */
    async started(sources: readonly ToolSource[]): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const budget = new Promise((resolve) => {
        timer = setTimeout(resolve, USER_CONNECT_BUDGET_MS);
      });
      await Promise.race([Promise.all(sources.map((source) => source.start?.())), budget]);
      clearTimeout(timer);
    },
  };
}
