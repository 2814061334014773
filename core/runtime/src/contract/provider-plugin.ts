import type { ProviderDefinition } from './runtime.js';

/** What the gateway gives a provider plugin: its provider registry (`fastify.providerRegistry`). */
export interface ProviderHost {
  providerRegistry: {
    /** Register a provider. Throws on a duplicate id or an invalid manifest. */
    register(definition: ProviderDefinition): void;
  };
}

/**
 * The two halves of a provider's Fastify plugin (CONTRACT §6), without importing Fastify: the
 * plugin function, which registers the definition with the gateway's registry, and the
 * `fastify-plugin` metadata (named `provider-<id>`, after the registry). A provider's `index.ts`:
 *
 * ```ts
 * // fp: the default export of the fastify-plugin package
 * export const definition = defineOpenAICompatibleProvider(manifest, options);
 * export default fp(registerProvider(definition), providerPluginMeta(definition));
 * ```
 */
export function registerProvider(definition: ProviderDefinition) {
  // `object`, so that any Fastify instance fits without this package importing Fastify's types
  return async (instance: object): Promise<void> => {
    (instance as ProviderHost).providerRegistry.register(definition);
  };
}

/** The `fastify-plugin` options of a provider plugin. */
export const providerPluginMeta = (definition: ProviderDefinition) => ({
  name: `provider-${definition.manifest.id}`,
  fastify: '5.x',
  dependencies: ['provider-registry'],
});
