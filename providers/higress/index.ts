import { defineOpenAICompatibleProvider } from '@manifold/wire-openai/define-provider';
import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import { manifest } from './manifest.js';
import { options } from './options.js';

/**
 * Higress: its manifest and a runtime on the shared OpenAI-compatible factory. A runtime needs the
 * user's gateway URL (`requiresBaseURL`): without one the SDK would fall back to api.openai.com
 * and send the key there, so construction fails instead.
 */
export const definition = defineOpenAICompatibleProvider(manifest, options);

export default fp(registerProvider(definition), providerPluginMeta(definition));
