import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import { defineOpenAICompatibleProvider } from '@manifold/wire-openai/define-provider';
import { manifest } from './manifest.js';
import { options } from './options.js';

/** OpenAI: its manifest and a runtime on the shared OpenAI-compatible factory. */
export const definition = {
  ...defineOpenAICompatibleProvider(manifest, options),
  environment: {
    OPENAI_SEARCH_CONTEXT_SIZE: '`low`, `medium` or `high`: web-search context size',
  },
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
