import { defineOpenAICompatibleProvider } from '@manifold/core/compat/define-provider';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { providerPlugin } from '@manifold/core/server/provider-plugin';
import { manifest } from './manifest.js';
import { options } from './options.js';
import { withRequestId } from './request-id.js';

const base = defineOpenAICompatibleProvider(manifest, options);

/**
 * Higress: its manifest and a runtime on the shared OpenAI-compatible factory. A runtime needs the
 * user's gateway URL: without one the SDK would fall back to api.openai.com and send the key
 * there, so construction fails instead.
 */
export const definition: ProviderDefinition = {
  ...base,
  createRuntime(runtimeOptions) {
    if (!runtimeOptions.baseURL) {
      throw new ManifoldError('BadRequest', {
        provider: runtimeOptions.providerId,
        message: `${runtimeOptions.providerId} has no default base URL: set the Higress gateway URL`,
      });
    }
    return base.createRuntime({ ...runtimeOptions, fetch: withRequestId(runtimeOptions.fetch) });
  },
};

export default providerPlugin(definition);
