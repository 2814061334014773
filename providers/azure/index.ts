import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { manifest } from './manifest.js';
import { createAzureRuntime } from './runtime.js';
import { serverVault } from './server-vault.js';

/**
 * Azure OpenAI: its manifest, a runtime on the `AzureOpenAI` client, and the server-side endpoint
 * and API version (`AZURE_ENDPOINT`, `AZURE_API_VERSION`; the key is `AZURE_API_KEY`).
 */
export const definition: ProviderDefinition = {
  manifest,
  createRuntime: (options) => createAzureRuntime(options, manifest.models),
  serverVault,
  environment: {
    AZURE_ENDPOINT: 'server-side endpoint, `https://<resource>.openai.azure.com`',
    AZURE_API_VERSION: 'server-side API version (default `2024-10-21`)',
  },
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
