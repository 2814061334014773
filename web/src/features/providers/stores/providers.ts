import { atom, computed } from 'nanostores';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { fetchProviders } from '../../../lib/api.js';
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

/** Every provider, enabled or not, in the effective order (user sort over manifest sort). */
export const $orderedProviders = computed([$providers, $providerSettings], sortProviders);

/** Providers switched on (user setting over the manifest), in the effective order. */
export const $enabledProviders = computed(
  [$orderedProviders, $providerSettings],
  (providers, settings) => providers.filter((p) => settings[p.id]?.enabled ?? p.enabled),
);
