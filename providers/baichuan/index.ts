import { defineOpenAICompatibleProvider } from '@manifold/core/compat/define-provider';
import { providerPlugin } from '@manifold/core/server/provider-plugin';
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

export default providerPlugin(definition);
