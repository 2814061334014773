import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import type { ProviderDefinition, RuntimeOptions } from '@manifold/core/contract/runtime';
import type { OpenAICompatibleOptions } from './options.js';
import { createOpenAICompatibleRuntime } from './runtime.js';

/**
 * The definition of an OpenAI-compatible provider: its manifest, and a runtime built by the shared
 * factory from the provider's options, with the manifest's model cards enriching the remote list.
 *
 * ```ts
 * export const definition = defineOpenAICompatibleProvider(manifest, options);
 * ```
 */
export function defineOpenAICompatibleProvider(
  manifest: ProviderManifestInput,
  compat: OpenAICompatibleOptions,
): ProviderDefinition {
  return {
    manifest,
    createRuntime: (options: RuntimeOptions) =>
      createOpenAICompatibleRuntime(compat, options, manifest.models),
  };
}
