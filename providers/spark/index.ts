import { defineOpenAICompatibleProvider } from '@manifold/wire-openai/define-provider';
import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import { manifest } from './manifest.js';
import { options } from './options.js';

/** iFlytek Spark: its manifest and a runtime on the shared OpenAI-compatible factory. */
export const definition = {
  ...defineOpenAICompatibleProvider(manifest, options),
  environment: {
    SPARK_SEARCH_MODE:
      '`normal` (default) or `deep`: search_mode of the web_search tool added when search is on',
  },
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
