import { providerPlugin } from '@manifold/core/server/provider-plugin';
import { defineOpenAICompatibleProvider } from '@manifold/core/compat/define-provider';
import { manifest } from './manifest.js';
import { options } from './options.js';

/** Infini-AI: its manifest and a runtime on the shared OpenAI-compatible factory. */
export const definition = defineOpenAICompatibleProvider(manifest, options);

export default providerPlugin(definition);
