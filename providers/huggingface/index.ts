import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { manifest } from './manifest.js';
import { createHuggingFaceRuntime } from './runtime.js';

/** Hugging Face Inference Providers: its manifest and a runtime on the router. */
export const definition: ProviderDefinition = {
  manifest,
  createRuntime: (options) => createHuggingFaceRuntime(options, manifest.models),
  environment: {
    HUGGINGFACE_HUB_URL: 'Hub base for the model list (default `https://huggingface.co`)',
  },
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
