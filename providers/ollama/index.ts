import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { manifest } from './manifest.js';
import { createOllamaRuntime } from './runtime.js';

/**
 * Ollama: its manifest and a runtime on the `ollama` SDK (chat, model list, embeddings, pull).
 * `OLLAMA_PROXY_URL` sets the host and `OLLAMA_API_KEY` a bearer token for a proxied Ollama; both
 * are read by the registry, so no `serverVault` is needed.
 */
export const definition: ProviderDefinition = {
  manifest,
  createRuntime: (options) => createOllamaRuntime(options, manifest.models),
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
