import type {} from 'fastify';
import type { LazyProviderDefinition } from '@manifold/core/contract/provider-plugin';

/** The gateway's provider registry, the one decoration providers use (`fastify.providerRegistry`). */
export interface ProviderRegistry {
  /**
   * Register a provider (a `ProviderDefinition`, or one whose `createRuntime` returns a promise).
   * Throws on a duplicate id or an invalid manifest.
   */
  register(definition: LazyProviderDefinition): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    providerRegistry: ProviderRegistry;
  }
}
