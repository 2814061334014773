import { atom, computed } from 'nanostores';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { $providerModels } from './models.js';
import { $providerSettings, type ProviderUserSettings } from './provider-settings.js';
import { $orderedProviders } from './providers.js';

/**
 * Where a provider's credentials come from, as Settings and the picker show it:
 * - `user`: the person filled every required key-vault field, a secret among them (their key wins
 *   over the server's, CONTRACT §2);
 * - `server`: the gateway has a key (`serverKey`);
 * - `keyless`: no secret is required and every required field is filled (a local server such as
 *   one on the person's machine, or a custom provider with its base URL and no key);
 * - `none`: a key is needed and nobody has given one.
 */
export type KeyStatus = 'user' | 'server' | 'keyless' | 'none';

type Manifest = Pick<ProviderManifest, 'keyVault' | 'serverKey'>;

const filled = (value: string | undefined) => (value ?? '').trim() !== '';

/** The person gave the provider credentials of their own (see `KeyStatus`). */
export function hasUserKey(
  manifest: Manifest,
  settings: ProviderUserSettings | undefined,
): boolean {
  const vault = settings?.vault ?? {};
  const fields = manifest.keyVault ?? [];
  return (
    fields.every((f) => !f.required || filled(vault[f.field])) &&
    fields.some((f) => f.secret && filled(vault[f.field]))
  );
}

/** The key status of one provider (see `KeyStatus`). */
export function keyStatus(
  manifest: Manifest,
  settings: ProviderUserSettings | undefined,
): KeyStatus {
  if (hasUserKey(manifest, settings)) return 'user';
  if (manifest.serverKey) return 'server';
  // no secret required, and every required field (a custom provider's base URL) filled
  const vault = settings?.vault ?? {};
  const fields = manifest.keyVault ?? [];
  if (
    !fields.some((f) => f.required && f.secret) &&
    fields.every((f) => !f.required || filled(vault[f.field]))
  )
    return 'keyless';
  return 'none';
}

/** A provider can be called as it is: a key of the person's or the server's, or none needed. */
export const isReady = (status: KeyStatus): boolean => status !== 'none';

/** A key of the person's or the server's is there (what a first run may preselect). */
export const hasKey = (status: KeyStatus): boolean => status === 'user' || status === 'server';

/**
 * A local-model provider: its key form asks for no required secret (a server on the person's
 * machine or network), or its manifest offers calls from the page (`defaultShowBrowserRequest`).
 */
export function isLocalProvider(
  manifest: Pick<ProviderManifest, 'keyVault' | 'settings'>,
): boolean {
  return (
    manifest.settings?.defaultShowBrowserRequest === true ||
    !(manifest.keyVault ?? []).some((f) => f.required && f.secret)
  );
}

/** Every provider's key status, by id. */
export const $keyStatuses = computed(
  [$orderedProviders, $providerSettings],
  (providers, settings) =>
    Object.fromEntries(providers.map((p) => [p.id, keyStatus(p, settings[p.id])])),
);

/** What the Settings page's search box and filter chips ask for. */
export interface ProviderFilter {
  /** Words that must all appear in the id, name or description. */
  query?: string;
  /** Only switched-on providers. */
  enabled?: boolean;
  /** Only providers with a key (the person's or the server's). */
  hasKey?: boolean;
  /** Only local-model providers (see `isLocalProvider`). */
  local?: boolean;
  /** Only providers with a switched-on chat model having this ability (vision, tools, …). */
  ability?: keyof ModelCard['abilities'];
}

/** The providers that pass a filter, in their given order. */
export function filterProviders(
  providers: readonly ProviderManifest[],
  settings: Record<string, ProviderUserSettings>,
  filter: ProviderFilter,
  models: Record<string, readonly ModelCard[]> = {},
): ProviderManifest[] {
  const words = (filter.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  return providers.filter((p) => {
    const own = settings[p.id];
    if (filter.enabled && !(own?.enabled ?? p.enabled)) return false;
    if (filter.hasKey) {
      const status = keyStatus(p, own);
      if (status !== 'user' && status !== 'server') return false;
    }
    if (filter.local && !isLocalProvider(p)) return false;
    const ability = filter.ability;
    if (
      ability &&
      !(models[p.id] ?? []).some((m) => m.type === 'chat' && m.enabled && m.abilities[ability])
    )
      return false;
    if (!words.length) return true;
    const haystack = `${p.id} ${p.name} ${p.description ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** True when a filter narrows the list (then the list cannot be reordered). */
export const isFiltering = (filter: ProviderFilter): boolean =>
  Boolean(
    filter.query?.trim() || filter.enabled || filter.hasKey || filter.local || filter.ability,
  );

/** The Settings page's search box and filter chips (kept while the app is open). */
export const $providerFilter = atom<ProviderFilter>({});

/** The providers Settings lists: every provider in the effective order, through the filter. */
export const $filteredProviders = computed(
  [$orderedProviders, $providerSettings, $providerFilter, $providerModels],
  filterProviders,
);
