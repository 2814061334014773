import type {} from 'fastify';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';

/** The gateway's provider registry, the one decoration providers use (`fastify.providerRegistry`). */
export interface ProviderRegistry {
  /** Register a provider. Throws on a duplicate id or an invalid manifest. */
  register(definition: ProviderDefinition): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    providerRegistry: ProviderRegistry;
  }
}
