// @ts-check
/** The plugin the gateway loads (`MANIFOLD_PLUGINS=manifold-provider-acme`). */
import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import { defineOpenAICompatibleProvider } from '@manifold/wire-openai/define-provider';
import { manifest } from './manifest.js';
import { options } from './options.js';

export const definition = defineOpenAICompatibleProvider(manifest, options);
export default fp(registerProvider(definition), providerPluginMeta(definition));
