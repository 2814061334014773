import { atom, computed } from 'nanostores';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { ChatFetchError, isAbortError } from '../../../lib/api-error.js';
import { generateImages, type FetchImpl } from '../../../lib/api.js';
import { $providerModels } from '../../providers/stores/models.js';
import { authPayload } from '../../providers/stores/provider-settings.js';
import { $enabledProviders, $providers } from '../../providers/stores/providers.js';

const isImageCard = (card: ModelCard) => card.type === 'image' && card.enabled;

/** Sizes offered for a generation; every provider here takes `WIDTHxHEIGHT`. */
export const IMAGE_SIZES = ['1024x1024', '1536x1024', '1024x1536'] as const;

/** Enabled providers with at least one switched-on image model, in the effective order. */
export const $imageProviders = computed([$enabledProviders, $providerModels], (enabled, models) =>
  enabled.filter((p) => (models[p.id] ?? []).some(isImageCard)),
);

/** The provider chosen on the images page (not persisted). */
export const $imageProviderId = atom<string | undefined>(undefined);
/** The image model chosen on the images page. */
export const $imageModelId = atom<string | undefined>(undefined);

/** The chosen provider, else the first that has image models. */
export const $imageProvider = computed(
  [$providers, $imageProviders, $imageProviderId],
  (all, usable, id) => all.find((p) => p.id === id) ?? usable[0],
);

/** The chosen provider's switched-on image models. */
export const $imageModels = computed([$imageProvider, $providerModels], (provider, models) =>
  (provider ? (models[provider.id] ?? []) : []).filter(isImageCard),
);

/** The chosen model, else the provider's first image model ('' when it has none). */
export const $imageModel = computed(
  [$imageModels, $imageModelId],
  (models, id) => (id && models.some((m) => m.id === id) ? id : models[0]?.id) ?? '',
);

export function selectImageProvider(id: string): void {
  $imageProviderId.set(id);
  $imageModelId.set(undefined);
}

/** One generation: its prompt, where it ran, and its images or the error type that ended it. */
export interface ImageGeneration {
  id: string;
  prompt: string;
  provider: string;
  /** The provider's display name, for messages. */
  providerName: string;
  model: string;
  size: string;
  state: 'running' | 'done' | 'error';
  images: string[];
  errorType?: string | number;
}

/** This session's generations, newest first. */
export const $generations = atom<ImageGeneration[]>([]);

function update(id: string, patch: Partial<ImageGeneration>): void {
  $generations.set($generations.get().map((g) => (g.id === id ? { ...g, ...patch } : g)));
}

let counter = 0;

/**
 * Generate `n` images of `prompt` with the chosen provider and model, at `size`. The generation is
 * listed at once (running) and ends with its images or the error type (translated when shown).
 */
export async function generate(
  input: { prompt: string; n: number; size: string },
  fetchImpl?: FetchImpl,
): Promise<ImageGeneration | undefined> {
  const manifest = $imageProvider.get();
  const provider = manifest?.id;
  const model = $imageModel.get();
  const prompt = input.prompt.trim();
  if (!provider || !model || !prompt) return undefined;
  const id = `gen-${Date.now()}-${counter++}`;
  const n = Math.min(4, Math.max(1, Math.floor(input.n) || 1));
  $generations.set([
    {
      id,
      prompt,
      provider,
      providerName: manifest?.name ?? provider,
      model,
      size: input.size,
      state: 'running',
      images: [],
    },
    ...$generations.get(),
  ]);
  try {
    const images = await generateImages(
      provider,
      { model, prompt, n, size: input.size },
      authPayload(provider),
      undefined,
      fetchImpl,
    );
    update(id, { state: 'done', images });
  } catch (error) {
    const errorType =
      error instanceof ChatFetchError
        ? error.errorType
        : isAbortError(error)
          ? 'Aborted'
          : 'UnknownChatFetchError';
    update(id, { state: 'error', errorType });
  }
  return $generations.get().find((g) => g.id === id);
}
