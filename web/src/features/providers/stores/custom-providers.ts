import { atom } from 'nanostores';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { $providerSettings } from './provider-settings.js';

/**
 * An OpenAI-compatible service the person added in Settings (a self-hosted server, a proxy, a
 * vendor the gateway has no folder for). Kept in this browser with the other settings; its base
 * URL and key live in its key vault (`$providerSettings[id].vault`) and its models are custom
 * cards, like any provider's. CONTRACT §3 has no route for such a provider: its calls go to the
 * gateway's `openai` route (`CUSTOM_PROVIDER_ROUTE`) with its own `baseURL` and `apiKey` in the
 * auth token, which win over the server's (CONTRACT §2).
 */
export interface CustomProvider {
  /** `[a-z0-9-]+`, unique among every provider (the gateway's included). */
  id: string;
  /** Display name. */
  name: string;
}

/** The gateway route custom providers' calls go to: the OpenAI wire, with the person's URL and key. */
export const CUSTOM_PROVIDER_ROUTE = 'openai';

/**
 * The key a custom provider without one is called with: servers that ask for no key (LM Studio,
 * vLLM, llama.cpp) ignore it, and the gateway never puts its own OpenAI key on the person's URL.
 */
export const CUSTOM_PROVIDER_NO_KEY = 'no-key';

const STORAGE_KEY = 'manifold:custom-providers';

function read(): CustomProvider[] {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(value)
      ? value.filter(
          (entry): entry is CustomProvider =>
            typeof entry?.id === 'string' && typeof entry?.name === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** The custom providers, in the order they were added (persisted in localStorage). */
export const $customProviders = atom<CustomProvider[]>(read());
$customProviders.listen((value) => {
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Storage unavailable: the providers last for this page only.
  }
});

/** Sort of the first custom provider: after the gateway's own (their default is 100 and below). */
const CUSTOM_SORT = 10_000;

/**
 * The manifest a custom provider is shown and called with: OpenAI wire, a required base URL and
 * an optional key (a keyless local server is fine), the model fetcher, no built-in models.
 */
export function customManifest(provider: CustomProvider, index = 0): ProviderManifest {
  return {
    id: provider.id,
    name: provider.name,
    sdkType: CUSTOM_PROVIDER_ROUTE,
    source: 'plugin',
    enabled: true,
    sort: CUSTOM_SORT + index,
    keyVault: [
      {
        field: 'baseURL',
        required: true,
        secret: false,
        label: 'Base URL',
        placeholder: 'https://api.example.com/v1',
      },
      { field: 'apiKey', required: false, secret: true, label: 'API Key', placeholder: 'sk-...' },
    ],
    settings: { showModelFetcher: true },
    serverKey: false,
    models: [],
  };
}

/** What the "Add provider" form asks for. */
export interface CustomProviderInput {
  id: string;
  name?: string;
  baseURL: string;
  apiKey?: string;
  /** Model ids to start with (comma- or line-separated in the form). */
  models?: string[];
}

/** Why a custom provider was refused. */
export type CustomProviderProblem = 'id' | 'duplicate' | 'baseURL';

/** An id as the form's text becomes one: lower-cased, runs of other characters as `-`. */
export function slugId(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Check a new custom provider: an id of `[a-z0-9-]+` no other provider has (`takenIds`, the
 * gateway's and the custom ones), and an http(s) base URL.
 */
export function validateCustomProvider(
  input: CustomProviderInput,
  takenIds: Iterable<string>,
): CustomProviderProblem | undefined {
  const id = input.id.trim();
  if (!/^[a-z0-9-]+$/.test(id)) return 'id';
  if (new Set(takenIds).has(id)) return 'duplicate';
  try {
    const url = new URL(input.baseURL.trim());
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'baseURL';
  } catch {
    return 'baseURL';
  }
  return undefined;
}

/**
 * Add a custom provider (switched on, its URL and key in its vault, its models as custom cards).
 * Returns the problem when refused (see `validateCustomProvider`), else undefined.
 */
export function addCustomProvider(
  input: CustomProviderInput,
  takenIds: Iterable<string>,
): CustomProviderProblem | undefined {
  const problem = validateCustomProvider(input, takenIds);
  if (problem) return problem;
  const id = input.id.trim();
  const name = input.name?.trim() || id;
  const apiKey = input.apiKey?.trim();
  const models = [...new Set((input.models ?? []).map((m) => m.trim()).filter(Boolean))];
  $providerSettings.set({
    ...$providerSettings.get(),
    [id]: {
      vault: { baseURL: input.baseURL.trim(), ...(apiKey ? { apiKey } : {}) },
      enabled: true,
      customModels: models.map((model) => ({
        id: model,
        type: 'chat',
        enabled: true,
        abilities: {},
        source: 'custom',
      })),
    },
  });
  $customProviders.set([...$customProviders.get(), { id, name }]);
  return undefined;
}

/** Remove a custom provider and its settings. */
export function removeCustomProvider(id: string): void {
  $customProviders.set($customProviders.get().filter((p) => p.id !== id));
  const settings = { ...$providerSettings.get() };
  delete settings[id];
  $providerSettings.set(settings);
}

/** True when `id` is one of the person's custom providers. */
export function isCustomProvider(id: string): boolean {
  return $customProviders.get().some((p) => p.id === id);
}

/** The gateway route of a provider's calls: its own id, or the OpenAI route for a custom one. */
export function routeOf(providerId: string): string {
  return isCustomProvider(providerId) ? CUSTOM_PROVIDER_ROUTE : providerId;
}
