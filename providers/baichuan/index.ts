import { defineOpenAICompatibleProvider } from '@manifold/wire-openai/define-provider';
import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import { manifest } from './manifest.js';
import { options } from './options.js';

/** Baichuan: its manifest and a runtime on the shared OpenAI-compatible factory. */
export const definition = {
  ...defineOpenAICompatibleProvider(manifest, options),
  environment: {
    BAICHUAN_SEARCH_MODE:
      '`performance_first` (default) or `quality_first`: `search_mode` of the web_search tool',
  },
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
