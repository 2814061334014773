import { defineOpenAICompatibleProvider } from '@manifold/wire-openai/define-provider';
import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import { manifest } from './manifest.js';
import { options } from './options.js';

/** Qwen (Alibaba Cloud DashScope): its manifest and a runtime on the shared OpenAI-compatible factory. */
export const definition = {
  ...defineOpenAICompatibleProvider(manifest, options),
  environment: {
    QWEN_SEARCH_STRATEGY:
      '`standard` (default) or `pro`: the `search_strategy` sent with `enable_search` when search is on',
  },
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
