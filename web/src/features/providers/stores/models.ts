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
import { $allProviders } from './providers.js';

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

/** A card with the person's edits of it (model editor) over its own fields. */
export function applyModelEdit(card: ModelCard, edit: ModelEdit | undefined): ModelCard {
  if (!edit) return card;
  const next: ModelCard = { ...card, abilities: { ...edit.abilities } };
  for (const key of ['displayName', 'contextWindowTokens', 'maxOutput', 'pricing'] as const) {
    const value = edit[key];
    if (value === undefined) delete next[key];
    else (next as unknown as Record<string, unknown>)[key] = value;
  }
  return next;
}

/**
 * A provider's effective cards: merged (see `mergeModels`), each built-in or remote card with the
 * person's edits over it, each `enabled` being the user's switch over the card's own.
 */
export function effectiveModels(
  provider: ProviderManifest,
  settings: ProviderUserSettings | undefined,
): ModelCard[] {
  const toggles = settings?.modelEnabled ?? {};
  const edits = settings?.modelEdits ?? {};
  return mergeModels(provider.models ?? [], settings?.remoteModels, settings?.customModels).map(
    (card) => ({
      ...(card.source === 'custom' ? card : applyModelEdit(card, edits[card.id])),
      enabled: toggles[card.id] ?? card.enabled,
    }),
  );
}

/** Every provider's effective model list, by provider id. */
export const $providerModels = computed([$allProviders, $providerSettings], (providers, settings) =>
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

/** The abilities the model editor offers. */
export const EDITABLE_ABILITIES = [
  'vision',
  'functionCall',
  'reasoning',
  'search',
  'files',
] as const;
export type EditableAbility = (typeof EDITABLE_ABILITIES)[number];

/**
 * What the model editor sets on a card (built-in, remote or custom): an absent field is cleared
 * (the card then shows none), `abilities` replaces the card's.
 */
export interface ModelEdit {
  displayName?: string;
  contextWindowTokens?: number;
  maxOutput?: number;
  abilities: ModelCard['abilities'];
  pricing?: NonNullable<ModelCard['pricing']>;
}

/** What the model editor's form holds (numbers as typed; empty means none). */
export interface CustomModelInput {
  id: string;
  displayName?: string;
  contextWindowTokens?: number;
  maxOutput?: number;
  /** Abilities switched on in the form. */
  abilities?: Partial<Record<EditableAbility, boolean>>;
  vision?: boolean;
  functionCall?: boolean;
  reasoning?: boolean;
  /** Prices per million tokens. */
  pricing?: { input?: number; output?: number; currency?: 'USD' | 'CNY' };
}

const positiveInt = (value: number | undefined) =>
  value !== undefined && Number.isFinite(value) && value > 0 ? Math.trunc(value) : undefined;
const price = (value: number | undefined) =>
  value !== undefined && Number.isFinite(value) && value >= 0 ? value : undefined;

/** The edit a form describes: trimmed name, positive whole token counts, non-negative prices. */
export function modelEditOf(input: Omit<CustomModelInput, 'id'>): ModelEdit {
  const abilities: ModelCard['abilities'] = {};
  for (const ability of EDITABLE_ABILITIES) {
    const legacy = ability === 'vision' || ability === 'functionCall' || ability === 'reasoning';
    if (input.abilities?.[ability] ?? (legacy ? input[ability] : undefined))
      abilities[ability] = true;
  }
  const edit: ModelEdit = { abilities };
  const name = input.displayName?.trim();
  if (name) edit.displayName = name;
  const context = positiveInt(input.contextWindowTokens);
  if (context) edit.contextWindowTokens = context;
  const maxOutput = positiveInt(input.maxOutput);
  if (maxOutput) edit.maxOutput = maxOutput;
  const pricing: NonNullable<ModelCard['pricing']> = {};
  const inputPrice = price(input.pricing?.input);
  const outputPrice = price(input.pricing?.output);
  if (inputPrice !== undefined) pricing.input = inputPrice;
  if (outputPrice !== undefined) pricing.output = outputPrice;
  if (Object.keys(pricing).length) {
    if (input.pricing?.currency && input.pricing.currency !== 'USD')
      pricing.currency = input.pricing.currency;
    edit.pricing = pricing;
  }
  return edit;
}

/** A chat card from the custom-model form (enabled, `source: "custom"`); undefined for an empty id. */
export function customCard(input: CustomModelInput): ModelCard | undefined {
  const id = input.id.trim();
  if (!id) return undefined;
  const base: ModelCard = { id, type: 'chat', enabled: true, abilities: {}, source: 'custom' };
  return applyModelEdit(base, modelEditOf(input));
}

/** The outcome of adding a custom model: added, or refused for an empty or taken id. */
export type AddModelResult = 'added' | 'emptyId' | 'duplicate';

/**
 * Add a custom card. A card with that id already existing at the provider (built-in, remote or
 * custom) is refused as `duplicate`: edit that card instead (`saveModelEdit`).
 */
export function addCustomModel(providerId: string, input: CustomModelInput): AddModelResult {
  const card = customCard(input);
  if (!card) return 'emptyId';
  if (findModelCard(providerId, card.id)) return 'duplicate';
  const current = $providerSettings.get()[providerId];
  const toggles = { ...current?.modelEnabled };
  delete toggles[card.id];
  updateProviderSettings(providerId, {
    customModels: [...(current?.customModels ?? []), card],
    modelEnabled: toggles,
  });
  return 'added';
}

/**
 * Save the model editor's changes to an existing card: a custom card is rewritten; a built-in or
 * remote one keeps its id and source and gets the edit over it (`modelEdits`, persisted), which
 * `resetModelEdit` drops. Returns false when the provider has no card with that id.
 */
export function saveModelEdit(
  providerId: string,
  modelId: string,
  input: Omit<CustomModelInput, 'id'>,
): boolean {
  const card = findModelCard(providerId, modelId);
  if (!card) return false;
  const edit = modelEditOf(input);
  const current = $providerSettings.get()[providerId];
  if (card.source === 'custom') {
    updateProviderSettings(providerId, {
      customModels: (current?.customModels ?? []).map((other) =>
        other.id === modelId ? applyModelEdit({ ...other, enabled: other.enabled }, edit) : other,
      ),
    });
  } else {
    updateProviderSettings(providerId, {
      modelEdits: { ...current?.modelEdits, [modelId]: edit },
    });
  }
  return true;
}

/** True when the person edited this built-in or remote card. */
export function isModelEdited(providerId: string, modelId: string): boolean {
  return $providerSettings.get()[providerId]?.modelEdits?.[modelId] !== undefined;
}

/** Drop the person's edit of a built-in or remote card: it shows the provider's fields again. */
export function resetModelEdit(providerId: string, modelId: string): void {
  const current = $providerSettings.get()[providerId];
  const edits = { ...current?.modelEdits };
  delete edits[modelId];
  updateProviderSettings(providerId, { modelEdits: edits });
}

/** Cards whose id, display name or description contains every word of `query` (case-insensitive). */
export function searchModels(cards: readonly ModelCard[], query: string): ModelCard[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...cards];
  return cards.filter((card) => {
    const haystack = `${card.id} ${card.displayName ?? ''} ${card.description ?? ''}`.toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
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

const CURRENCY_SIGN: Record<string, string> = { USD: '$', CNY: '¥' };

/** A price per million tokens: `$2.5`, `$0.075`, `¥16`. */
export function formatPrice(value: number, currency = 'USD'): string {
  const sign = CURRENCY_SIGN[currency] ?? `${currency} `;
  const digits = value !== 0 && Math.abs(value) < 0.01 ? 4 : 2;
  return `${sign}${Number(value.toFixed(digits))}`;
}

/**
 * A card's prices for a badge, input then output per million tokens (`$2.5 / $10`); `free` when
 * both are 0; undefined without prices.
 */
export function formatPricing(pricing: ModelCard['pricing']): string | undefined {
  if (!pricing || (pricing.input === undefined && pricing.output === undefined)) return undefined;
  if (!pricing.input && !pricing.output) return 'free';
  const currency = pricing.currency ?? 'USD';
  const part = (value: number | undefined) =>
    value === undefined ? '–' : formatPrice(value, currency);
  return `${part(pricing.input)} / ${part(pricing.output)}`;
}
