import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import { manifest } from './manifest.js';
import { createAiHubMixRuntime } from './runtime.js';

/** AiHubMix: its manifest and a router runtime over the Anthropic, Google and OpenAI wires. */
export const definition: ProviderDefinition = {
  manifest,
  createRuntime: createAiHubMixRuntime,
  environment: {
    AIHUBMIX_APP_CODE: 'value of the `APP-Code` header sent on every request (default `LobeHub`)',
  },
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
