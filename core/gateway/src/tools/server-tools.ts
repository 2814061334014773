import type { FastifyBaseLogger } from 'fastify';
import { leanFetch } from '@manifold/transport';
import type { GatewayConfig } from '../config.js';
import { createPublicOnlyFetch } from '../base-url.js';
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
  if (config.pluginManifests.length > 0)
    sources.push(
      createPluginManifestSource(config.pluginManifests, { logger: log, fetch: leanFetch }),
    );
  return sources;
}

/** The server's tool registry, started (plugin manifests read, MCP servers connecting). */
export async function startTools(
  config: GatewayConfig,
  log: FastifyBaseLogger,
): Promise<ToolRegistry> {
  const tools = new ToolRegistry(serverToolSources(config, log), log);
  await tools.start();
  return tools;
}
