import { defineOpenAICompatibleProvider } from '@manifold/wire-openai/define-provider';
import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import { manifest } from './manifest.js';
import { options } from './options.js';

/**
 * Xinference: its manifest and a runtime on the shared OpenAI-compatible factory. A keyless local
 * server: enabled while `GET <base URL>/models` answers (`XINFERENCE_PROXY_URL` or the default).
 */
export const definition = {
  ...defineOpenAICompatibleProvider(manifest, options),
  localServer: {},
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
