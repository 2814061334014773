import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import { manifest } from './manifest.js';
import { createNewAPIRuntime } from './runtime.js';

/**
 * New API: its manifest and a router runtime over the Anthropic, Google and OpenAI wires of the
 * user's deployment (`NEWAPI_PROXY_URL` or the key vault's URL, required).
 */
export const definition: ProviderDefinition = { manifest, createRuntime: createNewAPIRuntime };

export default fp(registerProvider(definition), providerPluginMeta(definition));
