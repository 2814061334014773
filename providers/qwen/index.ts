import { defineOpenAICompatibleProvider } from '@manifold/core/compat/define-provider';
import { providerPlugin } from '@manifold/core/server/provider-plugin';
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

export default providerPlugin(definition);
