import fp from 'fastify-plugin';
import {
  lazyDefinition,
  providerPluginMeta,
  registerProvider,
} from '@manifold/core/contract/provider-plugin';
import { manifest } from './manifest.js';

/**
 * The plugin the gateway loads (`manifold.provider`): the manifest and what boot reads; the runtime
 * code (`./index.ts` and its wire) is imported when the first runtime is built.
 */
const definition = lazyDefinition({ manifest, localServer: {} }, () => import('./index.js'));

export default fp(registerProvider(definition), providerPluginMeta(definition));
