import { atom } from 'nanostores';
import { accountsApi, type ApiKey } from '../api.js';

/** The person's API keys (`GET /webapi/api-keys`), undefined until loaded. */
export const $apiKeys = atom<ApiKey[] | undefined>(undefined);
/** The key just made, shown once (its secret is never answered again). */
export const $newApiKey = atom<{ name: string; key: string } | undefined>(undefined);

export async function loadApiKeys(): Promise<void> {
  $apiKeys.set((await accountsApi.listKeys()).keys);
}

export async function createApiKey(name: string): Promise<void> {
  const made = await accountsApi.createKey(name.trim());
  $newApiKey.set({ name: made.name, key: made.key });
  await loadApiKeys();
}

export async function revokeApiKey(id: string): Promise<void> {
  await accountsApi.deleteKey(id);
  $apiKeys.set(($apiKeys.get() ?? []).filter((key) => key.id !== id));
}
