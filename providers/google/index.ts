import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { manifest } from './manifest.js';
import { createRuntime } from './runtime.js';

/**
 * Google (Gemini API): its manifest and a runtime on the `@google/genai` SDK. The server key is
 * `GOOGLE_API_KEY` (read by the registry), the base URL override `GOOGLE_PROXY_URL`.
 */
export const definition: ProviderDefinition = { manifest, createRuntime };

export default fp(registerProvider(definition), providerPluginMeta(definition));
