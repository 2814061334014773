import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { manifest } from './manifest.js';
import { createAnthropicRuntime } from './runtime.js';

/** Anthropic: its manifest and a runtime on the official SDK, the manifest's cards enriching the model list. */
export const definition: ProviderDefinition = {
  manifest,
  createRuntime: (options) => createAnthropicRuntime(options, manifest.models),
  environment: {
    ANTHROPIC_MAX_USES: '`max_uses` of the web search tool (a positive integer)',
    ANTHROPIC_BETA_HEADERS: 'comma-separated betas sent as the `anthropic-beta` header',
  },
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
