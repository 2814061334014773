import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { manifest } from './manifest.js';
import { createAzureAIRuntime } from './runtime.js';
import { serverVault } from './server-vault.js';

/**
 * Azure AI Foundry model inference: its manifest, a runtime on the lean undici transport, and the
 * server-side endpoint (`AZUREAI_ENDPOINT`; the key is `AZUREAI_API_KEY`).
 */
export const definition: ProviderDefinition = {
  manifest,
  createRuntime: (options) => createAzureAIRuntime(options, manifest.models),
  serverVault,
  environment: {
    AZUREAI_ENDPOINT: 'server-side endpoint, `https://<resource>.services.ai.azure.com/models`',
  },
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
