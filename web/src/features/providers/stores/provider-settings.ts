import { atom } from 'nanostores';
import type { KeyVault } from '@manifold/core/contract/key-vault';
import type { ModelCard } from '@manifold/core/contract/model-card';

/** What a person set for one provider: credentials, switched on, order, models. */
export interface ProviderUserSettings {
  vault: KeyVault;
  enabled?: boolean;
  sort?: number;
  /** Cards last fetched from the provider's model list (`source: "remote"`). */
  remoteModels?: ModelCard[];
  /** Cards the person added (`source: "custom"`). */
  customModels?: ModelCard[];
  /** Per-model switch, over the card's own `enabled`. */
  modelEnabled?: Record<string, boolean>;
}

const STORAGE_KEY = 'manifold:provider-settings';

function read(): Record<string, ProviderUserSettings> {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as Record<string, ProviderUserSettings>) : {};
  } catch {
    return {};
  }
}

/** Per-provider settings, persisted in localStorage. */
export const $providerSettings = atom<Record<string, ProviderUserSettings>>(read());
$providerSettings.listen((value) => {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the settings last for this page only.
  }
});

export function updateProviderSettings(id: string, patch: Partial<ProviderUserSettings>): void {
  const current = $providerSettings.get()[id] ?? { vault: {} };
  $providerSettings.set({ ...$providerSettings.get(), [id]: { ...current, ...patch } });
}

export function setVaultField(id: string, field: keyof KeyVault, value: string): void {
  const current = $providerSettings.get()[id] ?? { vault: {} };
  updateProviderSettings(id, { vault: { ...current.vault, [field]: value } });
}
