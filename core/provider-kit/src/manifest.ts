/**
 * Typed helpers to declare a provider manifest: `defineManifest` checks it against the manifest
 * schema of CONTRACT §5 when the package is loaded (the gateway checks it again at boot) and says
 * what is wrong in one line, and the key-vault forms most providers use.
 *
 * ```ts
 * export const manifest = defineManifest({
 *   id: 'acme', name: 'Acme AI', sdkType: 'openai',
 *   keyVault: apiKeyAndBaseURL('https://api.acme.ai/v1'),
 *   settings: {}, models: [ … ],
 * });
 * ```
 */
import { Compile } from 'typebox/compile';
import {
  ProviderManifestSchema,
  type ProviderManifestInput,
} from '@manifold/core/contract/provider-manifest';

export { apiKeyAndBaseURL, localServerForm } from '@manifold/core/contract/key-vault-form';
export type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';

const checkManifest = Compile(ProviderManifestSchema);

/** The manifest as given, after checking it; throws naming the first problems. */
export function defineManifest<const T extends ProviderManifestInput>(manifest: T): T {
  const full = { source: 'plugin', serverKey: false, enabled: false, sort: 100, ...manifest };
  if (!checkManifest.Check(full)) {
    const problems = [...checkManifest.Errors(full)]
      .slice(0, 3)
      .map((error) => `${error.instancePath || '/'} ${error.message}`);
    throw new Error(
      `provider "${String(manifest.id)}" has an invalid manifest: ${problems.join('; ')}`,
    );
  }
  return manifest;
}
