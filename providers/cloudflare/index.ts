import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { manifest } from './manifest.js';
import { createCloudflareRuntime } from './runtime.js';
import { serverVault } from './server-vault.js';

/**
 * Cloudflare Workers AI: its manifest, a runtime on the Workers AI REST API, and the server's
 * `CLOUDFLARE_BASE_URL_OR_ACCOUNT_ID` (account id or base URL) besides `CLOUDFLARE_API_KEY`.
 */
export const definition: ProviderDefinition = {
  manifest,
  createRuntime: (options) => createCloudflareRuntime(options, manifest.models),
  environment: {
    CLOUDFLARE_BASE_URL_OR_ACCOUNT_ID: 'server-side account id, or a full base URL (AI Gateway)',
  },
  serverVault,
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
