import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { ProviderDefinition } from '../contract/runtime.js';
import './registry-types.js';

/**
 * The Fastify plugin of a provider package (CONTRACT §6): named `provider-<id>`, it registers the
 * definition with the gateway's provider registry. A provider's `index.ts` is then
 *
 * ```ts
 * export const definition = defineOpenAICompatibleProvider(manifest, options);
 * export default providerPlugin(definition);
 * ```
 */
export function providerPlugin(definition: ProviderDefinition): FastifyPluginAsync {
  const plugin: FastifyPluginAsync = async (fastify) => {
    fastify.providerRegistry.register(definition);
  };
  return fp(plugin, {
    name: `provider-${definition.manifest.id}`,
    fastify: '5.x',
    dependencies: ['provider-registry'],
  });
}
