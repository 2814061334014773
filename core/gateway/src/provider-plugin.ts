import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import {
  providerPluginMeta,
  registerProvider,
  type LazyProviderDefinition,
} from '@manifold/core/contract/provider-plugin';
import './registry-types.js';

/**
 * The Fastify plugin of a provider definition (CONTRACT §6), for code that already depends on the
 * gateway (tests, embedders). Provider packages build the same plugin themselves with
 * `fastify-plugin` and `registerProvider` / `providerPluginMeta` from `@manifold/core`.
 */
export function providerPlugin(
  definition: ProviderDefinition | LazyProviderDefinition,
): FastifyPluginAsync {
  return fp(registerProvider(definition), providerPluginMeta(definition));
}
