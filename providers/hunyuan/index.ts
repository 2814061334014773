import { defineOpenAICompatibleProvider } from '@manifold/wire-openai/define-provider';
import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import { manifest } from './manifest.js';
import { options } from './options.js';

/** Tencent Hunyuan: its manifest and a runtime on the shared OpenAI-compatible factory. */
export const definition = {
  ...defineOpenAICompatibleProvider(manifest, options),
  environment: {
    HUNYUAN_ENABLE_SPEED_SEARCH:
      '`1` adds `enable_speed_search` to searches (faster, shorter search answers); default off',
  },
};

export default fp(registerProvider(definition), providerPluginMeta(definition));
