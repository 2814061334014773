import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import type { KeyVault } from '@manifold/core/contract/key-vault';
import { manifest } from './manifest.js';
import { createRuntime } from './runtime.js';

/**
 * Server-side Vertex settings beyond `VERTEXAI_API_KEY` (whose comma splitting would break a JSON
 * key): `VERTEXAI_CREDENTIALS` (the service-account JSON) and `VERTEXAI_LOCATION`.
 */
export function serverVault(env: Readonly<Record<string, string | undefined>>): KeyVault {
  const vault: KeyVault = {};
  if (env.VERTEXAI_CREDENTIALS) vault.apiKey = env.VERTEXAI_CREDENTIALS;
  if (env.VERTEXAI_LOCATION) vault.region = env.VERTEXAI_LOCATION;
  return vault;
}

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
