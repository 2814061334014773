import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import '@manifold/core/server/registry-types';
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

const plugin: FastifyPluginAsync = async (fastify) => {
  fastify.providerRegistry.register(definition);
};

export default fp(plugin, {
  name: 'provider-huggingface',
  fastify: '5.x',
  dependencies: ['provider-registry'],
});
