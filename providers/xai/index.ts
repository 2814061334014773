import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import { defineOpenAICompatibleProvider } from '@manifold/wire-openai/define-provider';
import { manifest } from './manifest.js';
import { options } from './options.js';

/** xAI: its manifest and a runtime on the shared OpenAI-compatible factory. */
export const definition = {
  ...defineOpenAICompatibleProvider(manifest, options),
  environment: {
    XAI_MAX_SEARCH_RESULTS: 'Live Search: most sources read per request, held to 1–30 (default 15)',
    XAI_SAFE_SEARCH: '`1` turns on safe search for web and news sources (default off)',
  },
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
