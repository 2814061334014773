import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { manifest } from './manifest.js';
import { createOllamaRuntime } from './runtime.js';

/**
 * Ollama: its manifest and a runtime on the `ollama` SDK (chat, model list, embeddings, pull).
 * `OLLAMA_PROXY_URL` sets the host and `OLLAMA_API_KEY` a bearer token for a proxied Ollama; both
 * are read by the registry, so no `serverVault` is needed.
 *
 * The browser-safe entry (no Fastify): the gateway's plugin (`./index.ts`) registers this
 * definition, and the web app loads it on demand to call the user's Ollama from the page when a
 * chat is fetched from the browser.
 */
export const definition: ProviderDefinition = {
  manifest,
  createRuntime: (options) => createOllamaRuntime(options, manifest.models),
};
