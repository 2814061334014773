import { atom, computed } from 'nanostores';
import { $providerModels } from './models.js';
import { $enabledProviders, $providers } from './providers.js';

function persisted(key: string) {
  const store = atom<string | undefined>(globalThis.localStorage?.getItem(key) ?? undefined);
  store.listen((value) => {
    if (value === undefined) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  });
  return store;
}

/** The provider id chosen in the picker (persisted in localStorage). */
export const $activeProviderId = persisted('manifold:active-provider');
/** The model id chosen in the picker (persisted in localStorage). */
export const $activeModelId = persisted('manifold:active-model');

const isChatCard = (m: { type: string; enabled?: boolean }) => m.type === 'chat' && m.enabled;

/**
 * Enabled providers the chat can use: those with at least one switched-on chat model (an
 * image-only provider such as one serving only text-to-image cards is left out of the picker).
 */
export const $chatProviders = computed([$enabledProviders, $providerModels], (enabled, models) =>
  enabled.filter((p) => (models[p.id] ?? []).some(isChatCard)),
);

/** The chosen provider's manifest, or the first provider the chat can use. */
export const $activeProvider = computed(
  [$providers, $chatProviders, $activeProviderId],
  (all, usable, id) => all.find((p) => p.id === id) ?? usable[0],
);

/**
 * Chat models the active provider offers: its effective cards (builtin, remote and custom) that
 * are switched on.
 */
export const $chatModels = computed([$activeProvider, $providerModels], (provider, models) =>
  (provider ? (models[provider.id] ?? []) : []).filter(isChatCard),
);

/** The chosen model id, or the provider's first chat model. */
export const $activeModel = computed(
  [$chatModels, $activeModelId],
  (models, id) => (id && models.some((m) => m.id === id) ? id : models[0]?.id) ?? '',
);

/** The chosen model's effective card (builtin, remote or custom), if any. */
export const $activeModelCard = computed([$chatModels, $activeModel], (models, id) =>
  models.find((m) => m.id === id),
);

export function selectProvider(id: string): void {
  $activeProviderId.set(id);
  $activeModelId.set(undefined);
}

export function selectModel(id: string): void {
  $activeModelId.set(id);
}
