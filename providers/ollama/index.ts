import fp from 'fastify-plugin';
import { providerPluginMeta, registerProvider } from '@manifold/core/contract/provider-plugin';
import { definition } from './browser.js';

export { definition };

/** The gateway's plugin: the definition of `./browser.ts`, registered with the provider registry. */
export default fp(registerProvider(definition), providerPluginMeta(definition));
