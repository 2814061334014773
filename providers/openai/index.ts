import { providerPlugin } from '@manifold/core/server/provider-plugin';
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

export default providerPlugin(definition);
