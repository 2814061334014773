import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { manifest } from './manifest.js';
import { createRuntime } from './runtime.js';
import { serverVault } from './server-vault.js';

export { serverVault };

/** Vertex AI: its manifest and a runtime on the `@google/genai` SDK with a service account. */
export const definition: ProviderDefinition = {
  manifest,
  createRuntime,
  serverVault,
  environment: {
    VERTEXAI_CREDENTIALS: 'server-side service-account JSON (use it, not `VERTEXAI_API_KEY`)',
    VERTEXAI_LOCATION: 'server-side location (default `global`)',
    VERTEXAI_PROJECT: 'project when the key file has no `project_id`',
  },
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
