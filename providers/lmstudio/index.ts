import { defineOpenAICompatibleProvider } from '@manifold/core/compat/define-provider';
import { providerPlugin } from '@manifold/core/server/provider-plugin';
import { manifest } from './manifest.js';
import { options } from './options.js';

/**
 * LM Studio: its manifest and a runtime on the shared OpenAI-compatible factory. A keyless local
 * server: enabled while `GET <base URL>/models` answers (`LMSTUDIO_PROXY_URL` or the default).
 */
export const definition = {
  ...defineOpenAICompatibleProvider(manifest, options),
  localServer: {},
};

export default providerPlugin(definition);
