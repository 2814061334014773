import { atom, computed } from 'nanostores';
import { hasKey, keyStatus } from './key-status.js';
import { $providerModels } from './models.js';
import { $providerSettings } from './provider-settings.js';
import { $allProviders, $enabledProviders } from './providers.js';

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

/**
 * The provider a new chat starts with when none was chosen: the first one the chat can use that
 * has a key (the person's or the server's). A provider needing no key (a local server) is not
 * preselected, as nothing says it runs: the person picks it. Undefined when no provider has a
 * key: the first run then leads to Settings (or the picker) instead of into an error.
 */
export const $defaultProvider = computed([$chatProviders, $providerSettings], (usable, settings) =>
  usable.find((p) => hasKey(keyStatus(p, settings[p.id]))),
);

/** The chosen provider's manifest, or the default one (see `$defaultProvider`). */
export const $activeProvider = computed(
  [$allProviders, $defaultProvider, $activeProviderId],
  (all, fallback, id) => (id ? all.find((p) => p.id === id) : undefined) ?? fallback,
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

/** Choose a provider and one of its models at once (the model picker). */
export function selectProviderModel(providerId: string, modelId: string): void {
  selectProvider(providerId);
  selectModel(modelId);
}
