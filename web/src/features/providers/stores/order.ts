import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { $providerSettings, type ProviderUserSettings } from './provider-settings.js';

/**
 * Providers in their effective order: the user's `sort` over the manifest's `sort`; ties keep the
 * manifest order. Returns a new array.
 */
export function sortProviders(
  providers: readonly ProviderManifest[],
  settings: Record<string, ProviderUserSettings>,
): ProviderManifest[] {
  return providers
    .map((provider, index) => ({
      provider,
      index,
      sort: settings[provider.id]?.sort ?? provider.sort,
    }))
    .sort((a, b) => a.sort - b.sort || a.index - b.index)
    .map((entry) => entry.provider);
}

/**
 * The ids with `id` moved to position `to` (clamped to the list); unchanged when `id` is absent.
 * Pure: returns a new array.
 */
export function reorderProviders(ids: readonly string[], id: string, to: number): string[] {
  const from = ids.indexOf(id);
  if (from < 0) return [...ids];
  const rest = ids.filter((other) => other !== id);
  const target = Math.max(0, Math.min(rest.length, Math.trunc(to)));
  rest.splice(target, 0, id);
  return rest;
}

/** Settings with each listed provider's `sort` rewritten to its index (0..n-1). */
export function applyOrder(
  settings: Record<string, ProviderUserSettings>,
  ids: readonly string[],
): Record<string, ProviderUserSettings> {
  const next = { ...settings };
  ids.forEach((id, sort) => {
    next[id] = { ...(next[id] ?? { vault: {} }), sort };
  });
  return next;
}

/** Move provider `id` to position `to` of the displayed list `ids` and persist the new order. */
export function moveProviderTo(ids: readonly string[], id: string, to: number): void {
  $providerSettings.set(applyOrder($providerSettings.get(), reorderProviders(ids, id, to)));
}

/** Move provider `id` up (`-1`) or down (`+1`) in the displayed list `ids`. */
export function moveProvider(ids: readonly string[], id: string, delta: number): void {
  const from = ids.indexOf(id);
  if (from < 0) return;
  moveProviderTo(ids, id, from + delta);
}
