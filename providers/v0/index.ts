import { defineOpenAICompatibleProvider } from '@manifold/wire-openai/define-provider';
import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import { manifest } from './manifest.js';
import { options } from './options.js';

/** Vercel v0: its manifest and a runtime on the shared OpenAI-compatible factory. */
export const definition = defineOpenAICompatibleProvider(manifest, options);

export default fp(registerProvider(definition), providerPluginMeta(definition));
