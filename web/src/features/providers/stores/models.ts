import { atom, computed } from 'nanostores';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import {
  ChatFetchError,
  clientFetchFailureOf,
  type ClientFetchFailure,
} from '../../../lib/api-error.js';
import type { FetchImpl } from '../../../lib/api.js';
import { fetchProviderModels } from '../api/provider-calls.js';
import {
  $providerSettings,
  updateProviderSettings,
  type ProviderUserSettings,
} from './provider-settings.js';
import { $providers } from './providers.js';

/**
 * One list from the three sources: built-in cards first (they win over a remote card of the same
 * id), then remote-only cards, then custom cards (a custom card replaces any card with its id, in
 * place). Every card carries its `source`.
 */
export function mergeModels(
  builtin: readonly ModelCard[],
  remote: readonly ModelCard[] = [],
  custom: readonly ModelCard[] = [],
): ModelCard[] {
  const merged: ModelCard[] = builtin.map((card) => ({ ...card, source: 'builtin' }));
  const seen = new Set(merged.map((card) => card.id));
  for (const card of remote) {
    if (seen.has(card.id)) continue;
    seen.add(card.id);
    merged.push({ ...card, source: 'remote' });
  }
  for (const card of custom) {
    const own: ModelCard = { ...card, source: 'custom' };
    const at = merged.findIndex((other) => other.id === card.id);
    if (at >= 0) merged[at] = own;
    else merged.push(own);
  }
  return merged;
}

/** A provider's effective cards, each `enabled` being the user's switch over the card's own. */
export function effectiveModels(
  provider: ProviderManifest,
  settings: ProviderUserSettings | undefined,
): ModelCard[] {
  const toggles = settings?.modelEnabled ?? {};
  return mergeModels(provider.models, settings?.remoteModels, settings?.customModels).map(
    (card) => ({ ...card, enabled: toggles[card.id] ?? card.enabled }),
  );
}

/** Every provider's effective model list, by provider id. */
export const $providerModels = computed([$providers, $providerSettings], (providers, settings) =>
  Object.fromEntries(providers.map((p) => [p.id, effectiveModels(p, settings[p.id])])),
);

/** The effective card of `modelId` at `providerId` (builtin, remote or custom), if any. */
export function findModelCard(providerId: string, modelId: string): ModelCard | undefined {
  return $providerModels.get()[providerId]?.find((card) => card.id === modelId);
}

/** Switch one model on or off for a provider (persisted). */
export function setModelEnabled(providerId: string, modelId: string, enabled: boolean): void {
  const current = $providerSettings.get()[providerId];
  updateProviderSettings(providerId, {
    modelEnabled: { ...current?.modelEnabled, [modelId]: enabled },
  });
}

/** What the "Add custom model" form asks for. */
export interface CustomModelInput {
  id: string;
  displayName?: string;
  contextWindowTokens?: number;
  vision?: boolean;
  functionCall?: boolean;
  reasoning?: boolean;
}

/** A chat card from the custom-model form (enabled, `source: "custom"`); undefined for an empty id. */
export function customCard(input: CustomModelInput): ModelCard | undefined {
  const id = input.id.trim();
  if (!id) return undefined;
  const abilities: ModelCard['abilities'] = {};
  if (input.vision) abilities.vision = true;
  if (input.functionCall) abilities.functionCall = true;
  if (input.reasoning) abilities.reasoning = true;
  const card: ModelCard = { id, type: 'chat', enabled: true, abilities, source: 'custom' };
  const name = input.displayName?.trim();
  if (name) card.displayName = name;
  if (input.contextWindowTokens && input.contextWindowTokens > 0) {
    card.contextWindowTokens = Math.trunc(input.contextWindowTokens);
  }
  return card;
}

/** Add (or replace, by id) a custom card; returns false when the input has no id. */
export function addCustomModel(providerId: string, input: CustomModelInput): boolean {
  const card = customCard(input);
  if (!card) return false;
  const current = $providerSettings.get()[providerId];
  const others = (current?.customModels ?? []).filter((other) => other.id !== card.id);
  const toggles = { ...current?.modelEnabled };
  delete toggles[card.id];
  updateProviderSettings(providerId, { customModels: [...others, card], modelEnabled: toggles });
  return true;
}

/** Remove a custom card. */
export function removeCustomModel(providerId: string, modelId: string): void {
  const current = $providerSettings.get()[providerId];
  updateProviderSettings(providerId, {
    customModels: (current?.customModels ?? []).filter((card) => card.id !== modelId),
  });
}

/** State of a provider's remote model-list fetch; `errorType` is translated when shown. */
export type ModelFetchState =
  | { state: 'loading' }
  | { state: 'done'; count: number }
  | { state: 'error'; errorType: string | number; clientFetch?: ClientFetchFailure };

/** Remote model-list fetch state by provider id. */
export const $modelFetch = atom<Record<string, ModelFetchState>>({});

function setFetchState(providerId: string, state: ModelFetchState): void {
  $modelFetch.set({ ...$modelFetch.get(), [providerId]: state });
}

/**
 * Fetch the provider's own model list (`GET /webapi/models/:provider`, or from the page when its
 * calls go from the browser) with its key vault and keep the cards as the provider's remote cards
 * (persisted). Errors end in `$modelFetch` as their type.
 */
export async function fetchModels(providerId: string, fetchImpl?: FetchImpl): Promise<void> {
  setFetchState(providerId, { state: 'loading' });
  try {
    const cards = await fetchProviderModels(providerId, fetchImpl);
    const remote = cards.map((card): ModelCard => ({ ...card, source: 'remote' }));
    updateProviderSettings(providerId, { remoteModels: remote });
    setFetchState(providerId, { state: 'done', count: remote.length });
  } catch (error) {
    const clientFetch =
      error instanceof ChatFetchError ? clientFetchFailureOf(error.body) : undefined;
    setFetchState(providerId, {
      state: 'error',
      errorType: error instanceof ChatFetchError ? error.errorType : 'UnknownChatFetchError',
      ...(clientFetch && { clientFetch }),
    });
  }
}

/** A token count for a badge: 128000 → "128K", 1000000 → "1M", 1500 → "1.5K". */
export function formatTokens(tokens: number): string {
  const short = (value: number) => String(Number(value.toFixed(1)));
  if (tokens >= 1_000_000) return `${short(tokens / 1_000_000)}M`;
  if (tokens >= 1000) return `${short(tokens / 1000)}K`;
  return String(tokens);
}
