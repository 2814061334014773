import { atom } from 'nanostores';
import type { TokenPayload } from '@manifold/core/auth/token';
import type { KeyVault } from '@manifold/core/contract/key-vault';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ModelEdit } from './models.js';

/** What a person set for one provider: credentials, switched on, order, models. */
export interface ProviderUserSettings {
  vault: KeyVault;
  enabled?: boolean;
  sort?: number;
  /** Cards last fetched from the provider's model list (`source: "remote"`). */
  remoteModels?: ModelCard[];
  /** Cards the person added (`source: "custom"`). */
  customModels?: ModelCard[];
  /**
   * The person's edits of built-in and remote cards (the model editor), by model id: each replaces
   * the card's name, context, output cap, abilities and pricing (see `./models.ts`).
   */
  modelEdits?: Record<string, ModelEdit>;
  /** Per-model switch, over the card's own `enabled`. */
  modelEnabled?: Record<string, boolean>;
  /**
   * The "fetch from the browser" switch (SPEC §3 `fetchOnClient`): call the provider from the page
   * instead of through the gateway. Absent until the person touches it (see `./fetch-on-client.ts`).
   */
  fetchOnClient?: boolean;
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

const ACCESS_CODE_KEY = 'manifold:access-code';

/** The gateway's access code (`ACCESS_CODE` on the server), persisted in localStorage. */
export const $accessCode = atom<string>(globalThis.localStorage?.getItem(ACCESS_CODE_KEY) ?? '');
$accessCode.listen((value) => {
  try {
    if (value) globalThis.localStorage?.setItem(ACCESS_CODE_KEY, value);
    else globalThis.localStorage?.removeItem(ACCESS_CODE_KEY);
  } catch {
    // Storage unavailable: the code lasts for this page only.
  }
});

/**
 * What the auth header carries for calls to one provider (CONTRACT §2): its key-vault fields and
 * the access code when one is set.
 */
export function authPayload(providerId: string): TokenPayload {
  const vault = $providerSettings.get()[providerId]?.vault ?? {};
  const accessCode = $accessCode.get().trim();
  return accessCode ? { ...vault, accessCode } : { ...vault };
}
