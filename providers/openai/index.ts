import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import '@manifold/core/server/registry-types';
import { defineOpenAICompatibleProvider } from '@manifold/core/compat/define-provider';
import { manifest } from './manifest.js';
import { options } from './options.js';

/** OpenAI: its manifest and a runtime on the shared OpenAI-compatible factory. */
export const definition = {
  ...defineOpenAICompatibleProvider(manifest, options),
  environment: {
    OPENAI_SEARCH_CONTEXT_SIZE: '`low`, `medium` or `high`: web-search context size',
  },
};

const plugin: FastifyPluginAsync = async (fastify) => {
  fastify.providerRegistry.register(definition);
};

export default fp(plugin, {
  name: 'provider-openai',
  fastify: '5.x',
  dependencies: ['provider-registry'],
});
