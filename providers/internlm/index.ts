import { defineOpenAICompatibleProvider } from '@manifold/core/compat/define-provider';
import { providerPlugin } from '@manifold/core/server/provider-plugin';
import { manifest } from './manifest.js';
import { options } from './options.js';

/** InternLM (Shanghai AI Lab): its manifest and a runtime on the shared OpenAI-compatible factory. */
export const definition = defineOpenAICompatibleProvider(manifest, options);

export default providerPlugin(definition);
