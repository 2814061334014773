import { defineOpenAICompatibleProvider } from '@manifold/wire-openai/define-provider';
import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import { manifest } from './manifest.js';
import { options } from './options.js';

/** Zhipu AI (BigModel): its manifest and a runtime on the shared OpenAI-compatible factory. */
export const definition = {
  ...defineOpenAICompatibleProvider(manifest, options),
  environment: {
    ZHIPU_SEARCH_ENGINE:
      '`search_std` (default), `search_pro`, `search_pro_sogou`, `search_pro_quark`…: engine of the web_search tool',
  },
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
