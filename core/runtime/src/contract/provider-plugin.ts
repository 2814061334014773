import type { ProviderDefinition, ProviderRuntime, RuntimeOptions } from './runtime.js';

/**
 * What a provider plugin may register: a `ProviderDefinition` whose `createRuntime` may also return
 * a promise, which the gateway awaits (CONTRACT §6). A plugin whose runtime code (its wire, its
 * SDK) is imported on the provider's first use registers one; a synchronous `createRuntime` keeps
 * working.
 */
export interface LazyProviderDefinition extends Omit<ProviderDefinition, 'createRuntime'> {
  /** Build a runtime, or a promise of one; throws or rejects as `ProviderDefinition.createRuntime`. */
  createRuntime(options: RuntimeOptions): ProviderRuntime | Promise<ProviderRuntime>;
}

/** What the gateway gives a provider plugin: its provider registry (`fastify.providerRegistry`). */
export interface ProviderHost {
  providerRegistry: {
    /** Register a provider. Throws on a duplicate id or an invalid manifest. */
    register(definition: ProviderDefinition | LazyProviderDefinition): void;
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
export function registerProvider(definition: ProviderDefinition | LazyProviderDefinition) {
  // `object`, so that any Fastify instance fits without this package importing Fastify's types
  return async (instance: object): Promise<void> => {
    (instance as ProviderHost).providerRegistry.register(definition);
  };
}

/** The `fastify-plugin` options of a provider plugin. */
export const providerPluginMeta = (definition: ProviderDefinition | LazyProviderDefinition) => ({
  name: `provider-${definition.manifest.id}`,
  fastify: '5.x',
  dependencies: ['provider-registry'],
});

/**
 * A definition whose runtime is imported on first use: everything the gateway reads at boot (the
 * manifest, `serverVault`, `localServer`) is given here; `load` imports the module exporting the
 * full `definition` (a provider's `index.ts`) when the first runtime is built. A builtin provider's
 * `plugin.ts`, the file the gateway loads (`manifold.provider` in its package.json):
 *
 * ```ts
 * const definition = lazyDefinition({ manifest }, () => import('./index.js'));
 * export default fp(registerProvider(definition), providerPluginMeta(definition));
 * ```
 */
export function lazyDefinition(
  boot: Omit<ProviderDefinition, 'createRuntime'>,
  load: () => Promise<{ definition: Pick<ProviderDefinition, 'createRuntime'> }>,
): LazyProviderDefinition {
  return {
    ...boot,
    createRuntime: async (options) => (await load()).definition.createRuntime(options),
  };
}
