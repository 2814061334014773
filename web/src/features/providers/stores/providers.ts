import { atom, computed } from 'nanostores';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { fetchProviders } from '../../../lib/api.js';
import { $customProviders, customManifest } from './custom-providers.js';
import { sortProviders } from './order.js';
import { $providerSettings } from './provider-settings.js';

/** Every provider the gateway serves (`GET /providers`), in manifest order. */
export const $providers = atom<ProviderManifest[]>([]);
export const $providersStatus = atom<'idle' | 'loading' | 'ready' | 'error'>('idle');

export async function loadProviders(): Promise<void> {
  $providersStatus.set('loading');
  try {
    $providers.set(await fetchProviders());
    $providersStatus.set('ready');
  } catch {
    $providersStatus.set('error');
  }
}

/**
 * Every provider the web app offers: the gateway's, then the person's custom OpenAI-compatible
 * ones (`./custom-providers.ts`) as manifests of their own. A custom id the gateway also serves is
 * left out (the gateway's wins).
 */
export const $allProviders = computed([$providers, $customProviders], (gateway, custom) => {
  const ids = new Set(gateway.map((p) => p.id));
  return [
    ...gateway,
    ...custom.filter((p) => !ids.has(p.id)).map((p, index) => customManifest(p, index)),
  ];
});

/** Every provider, enabled or not, in the effective order (user sort over manifest sort). */
export const $orderedProviders = computed([$allProviders, $providerSettings], sortProviders);

/** Providers switched on (user setting over the manifest), in the effective order. */
export const $enabledProviders = computed(
  [$orderedProviders, $providerSettings],
  (providers, settings) => providers.filter((p) => settings[p.id]?.enabled ?? p.enabled),
);
