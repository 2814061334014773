import { computed } from 'nanostores';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { keyStatus, type KeyStatus } from './key-status.js';
import { $providerModels } from './models.js';
import { $providerSettings } from './provider-settings.js';
import { $chatProviders } from './selection.js';

/** One provider's section of the model picker: its switched-on chat models. */
export interface PickerGroup {
  provider: ProviderManifest;
  status: KeyStatus;
  models: ModelCard[];
}

/** The model picker's sections: every provider the chat can use, in the effective order. */
export const $pickerGroups = computed(
  [$chatProviders, $providerModels, $providerSettings],
  (providers, models, settings): PickerGroup[] =>
    providers.map((provider) => ({
      provider,
      status: keyStatus(provider, settings[provider.id]),
      models: (models[provider.id] ?? []).filter((m) => m.type === 'chat' && m.enabled),
    })),
);

/**
 * The sections matching what was typed: every word must appear in the model's id or name or in
 * its provider's id or name (case-insensitive), so "gpt mini" finds `gpt-4o-mini` and "openai
 * mini" the same; a section without matching models is left out.
 */
export function filterPickerGroups(groups: readonly PickerGroup[], query: string): PickerGroup[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return groups.filter((group) => group.models.length > 0);
  return groups.flatMap((group) => {
    const provider = `${group.provider.id} ${group.provider.name}`.toLowerCase();
    const models = group.models.filter((card) => {
      const haystack = `${provider} ${card.id} ${card.displayName ?? ''}`.toLowerCase();
      return words.every((word) => haystack.includes(word));
    });
    return models.length ? [{ ...group, models }] : [];
  });
}

/** The picker item value of a model, unique across providers (a provider id has no `/`). */
export const pickerValue = (providerId: string, modelId: string): string =>
  `${providerId}/${modelId}`;

/** The provider and model of a picker item value. */
export function parsePickerValue(value: string): { providerId: string; modelId: string } {
  const at = value.indexOf('/');
  return { providerId: value.slice(0, at), modelId: value.slice(at + 1) };
}
