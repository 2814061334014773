import { atom, computed } from 'nanostores';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { fetchProviders } from '../../../lib/api.js';
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

/** Providers switched on (user setting over the manifest), sorted by the user's or manifest order. */
export const $enabledProviders = computed([$providers, $providerSettings], (providers, settings) =>
  providers
    .filter((p) => settings[p.id]?.enabled ?? p.enabled)
    .sort((a, b) => (settings[a.id]?.sort ?? a.sort) - (settings[b.id]?.sort ?? b.sort)),
);
