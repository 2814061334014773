import { atom, computed } from 'nanostores';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import type { ProviderDefinition } from '@manifold/core/contract/runtime';
import {
  $providerSettings,
  updateProviderSettings,
  type ProviderUserSettings,
} from './provider-settings.js';
import { $allProviders } from './providers.js';

/**
 * The providers this build of the web app can run in the page (each a `providers/<id>/browser.ts`
 * entry), and the loader of one's definition, fetched only when a call goes from the browser.
 * `main.tsx` sets it from the bundle (`../api/browser-runtimes.ts`); tests set their own.
 */
export interface BrowserRuntimes {
  ids: ReadonlySet<string>;
  load(id: string): Promise<ProviderDefinition | undefined>;
}

export const $browserRuntimes = atom<BrowserRuntimes>({
  ids: new Set(),
  load: async () => undefined,
});

const filled = (value: string | undefined) => (value ?? '').trim() !== '';

/**
 * SPEC §4 (LobeChat's `isProviderFetchOnClient`), in this order: never for a provider whose
 * manifest sets `disableBrowserRequest`; for a local-model provider (`defaultShowBrowserRequest`)
 * the person's explicit switch wins; without a base URL and a key, the server; with a base URL and
 * no key, the browser; otherwise the switch, off when never touched.
 */
export function isFetchOnClient(
  manifest: Pick<ProviderManifest, 'settings'>,
  settings: ProviderUserSettings | undefined,
): boolean {
  if (manifest.settings.disableBrowserRequest) return false;
  const choice = settings?.fetchOnClient;
  if (manifest.settings.defaultShowBrowserRequest && choice !== undefined) return choice;
  const baseURL = filled(settings?.vault.baseURL);
  const apiKey = filled(settings?.vault.apiKey);
  if (!baseURL && !apiKey) return false;
  if (baseURL && !apiKey) return true;
  return choice ?? false;
}

/** Where one provider's calls go, and what the settings page offers for it. */
export interface ClientFetchState {
  /** Chat (and the model list, the connection check) go from the page straight to the provider. */
  onClient: boolean;
  /**
   * The settings page shows the "fetch from the browser" switch: the provider can run in the page
   * and allows it, and it is a local-model provider or has a base URL or key filled in.
   */
  offered: boolean;
  /** The switch is shown but decides nothing now (a base URL without a key means the browser). */
  locked: boolean;
}

/**
 * The client-fetch state of one provider: the SPEC §4 rule, for providers this build can run in
 * the page (`canRun`); any other provider is always served by the gateway.
 */
export function clientFetchState(
  manifest: Pick<ProviderManifest, 'settings'>,
  settings: ProviderUserSettings | undefined,
  canRun: boolean,
): ClientFetchState {
  const off = { onClient: false, offered: false, locked: false };
  if (!canRun || manifest.settings.disableBrowserRequest) return off;
  const local = manifest.settings.defaultShowBrowserRequest === true;
  const baseURL = filled(settings?.vault.baseURL);
  const apiKey = filled(settings?.vault.apiKey);
  return {
    onClient: isFetchOnClient(manifest, settings),
    offered: local || baseURL || apiKey,
    locked: !local && baseURL && !apiKey,
  };
}

/** The client-fetch state of every provider, by id. */
export const $clientFetch = computed(
  [$allProviders, $providerSettings, $browserRuntimes],
  (providers, settings, runtimes) =>
    Object.fromEntries(
      providers.map((p) => [p.id, clientFetchState(p, settings[p.id], runtimes.ids.has(p.id))]),
    ) as Record<string, ClientFetchState>,
);

/** Set the "fetch from the browser" switch of a provider (persisted with its other settings). */
export function setFetchOnClient(providerId: string, value: boolean): void {
  updateProviderSettings(providerId, { fetchOnClient: value });
}
