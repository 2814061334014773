import { atom, computed } from 'nanostores';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { ChatFetchError, isAbortError } from '../../../lib/api-error.js';
import { generateImages, type FetchImpl } from '../../../lib/api.js';
import {
  createIndexedDbStorage,
  createMemoryStorage,
  type KeyValueStorage,
} from '../../../lib/storage.js';
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
  /** When it was asked for (ms since the epoch). */
  createdAt: number;
  state: 'running' | 'done' | 'error';
  /** What an `<img>` shows: the provider's URLs, or object URLs of the kept files after a reload. */
  images: string[];
  errorType?: string | number;
}

/** A finished generation as IndexedDB keeps it: each image as a file, or its URL if unreadable. */
export interface StoredGeneration extends Omit<ImageGeneration, 'state' | 'images' | 'errorType'> {
  images: (Blob | string)[];
}

/** The generations, newest first: the finished ones kept across reloads, and this session's. */
export const $generations = atom<ImageGeneration[]>([]);

const KEY_PREFIX = 'generation:';
let storage: KeyValueStorage | undefined;
/** Where finished generations are kept: their own IndexedDB database (memory where there is none). */
const imageStorage = (): KeyValueStorage =>
  (storage ??=
    typeof globalThis.indexedDB === 'undefined'
      ? createMemoryStorage()
      : createIndexedDbStorage('manifold-images', 'generations'));

/** Keep generations in `next` (tests hand a memory storage); `$generations` is emptied. */
export function setImageStorage(next: KeyValueStorage): void {
  storage = next;
  loaded = undefined;
  $generations.set([]);
}

const isObjectUrl = (url: string) => url.startsWith('blob:');

/** A `data:image/…;base64,` URL as a file, decoded here (no fetch, so no CSP or network involved). */
function dataUrlBlob(src: string): Blob | undefined {
  const match = /^data:(image\/[a-z0-9+.-]+);base64,(.*)$/is.exec(src);
  if (!match) return undefined;
  try {
    const binary = atob(match[2] ?? '');
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new Blob([bytes], { type: (match[1] ?? '').toLowerCase() });
  } catch {
    return undefined;
  }
}

/** The image as a file to keep (a data URL or a URL the page may read), else the URL itself. */
async function imageFile(src: string, fetchImpl: FetchImpl): Promise<Blob | string> {
  if (src.startsWith('data:')) return dataUrlBlob(src) ?? src;
  try {
    const response = await fetchImpl(src);
    if (!response.ok) return src;
    const blob = await response.blob();
    return blob.type.startsWith('image/') ? blob : src;
  } catch {
    return src; // another origin that does not allow reading: the URL is kept as it is
  }
}

async function keep(generation: ImageGeneration, fetchImpl: FetchImpl): Promise<void> {
  const images = await Promise.all(generation.images.map((src) => imageFile(src, fetchImpl)));
  const record: StoredGeneration = {
    id: generation.id,
    prompt: generation.prompt,
    provider: generation.provider,
    providerName: generation.providerName,
    model: generation.model,
    size: generation.size,
    createdAt: generation.createdAt,
    images,
  };
  await imageStorage().set(`${KEY_PREFIX}${generation.id}`, record);
}

let loaded: Promise<void> | undefined;

/**
 * Read the kept generations into `$generations` (once; later calls wait for the first), below
 * any of this session's that are not kept yet.
 */
export function loadGenerations(): Promise<void> {
  loaded ??= (async () => {
    const store = imageStorage();
    const keys = (await store.keys()).filter((key) => key.startsWith(KEY_PREFIX));
    const records = await Promise.all(keys.map((key) => store.get<StoredGeneration>(key)));
    const kept = records
      .filter((record): record is StoredGeneration => Boolean(record?.images?.length))
      .sort((a, b) => b.createdAt - a.createdAt)
      .map((record): ImageGeneration => ({
        ...record,
        state: 'done',
        images: record.images.map((image) =>
          typeof image === 'string' ? image : URL.createObjectURL(image),
        ),
      }));
    const current = $generations.get();
    const ids = new Set(current.map((g) => g.id));
    $generations.set([...current, ...kept.filter((g) => !ids.has(g.id))]);
  })().catch(() => {
    // IndexedDB refused (private mode, quota): this session's generations still show
  });
  return loaded;
}

/** Remove a generation from the list and from IndexedDB. */
export async function deleteGeneration(id: string): Promise<void> {
  const generation = $generations.get().find((g) => g.id === id);
  $generations.set($generations.get().filter((g) => g.id !== id));
  generation?.images.filter(isObjectUrl).forEach((url) => URL.revokeObjectURL(url));
  await imageStorage().del(`${KEY_PREFIX}${id}`);
}

/** Remove one image of a generation (the generation goes with its last image). */
export async function deleteImage(id: string, index: number): Promise<void> {
  const generation = $generations.get().find((g) => g.id === id);
  if (!generation || !generation.images[index]) return;
  if (generation.images.length === 1) return deleteGeneration(id);
  const removed = generation.images[index];
  update(id, { images: generation.images.filter((_, i) => i !== index) });
  if (isObjectUrl(removed)) URL.revokeObjectURL(removed);
  const store = imageStorage();
  const record = await store.get<StoredGeneration>(`${KEY_PREFIX}${id}`);
  if (record)
    await store.set(`${KEY_PREFIX}${id}`, {
      ...record,
      images: record.images.filter((_, i) => i !== index),
    });
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
};

/**
 * The file name a download is saved under: the prompt's first words (letters and digits of any
 * script, dashes between), the image's number and the extension of its type (`mime`, or the
 * URL's), e.g. `a-red-fox-in-the-snow-2.png`.
 */
export function downloadName(prompt: string, index: number, mime?: string, src = ''): string {
  const slug =
    prompt
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48)
      .replace(/-+$/, '') || 'image';
  const fromUrl = /^data:(image\/[a-z+.-]+)[;,]/i.exec(src)?.[1]?.toLowerCase();
  const fromPath = /\.(png|jpe?g|webp|gif)(?:[?#]|$)/i.exec(src)?.[1]?.toLowerCase();
  const extension =
    EXTENSIONS[mime?.toLowerCase() ?? ''] ??
    EXTENSIONS[fromUrl ?? ''] ??
    (fromPath === 'jpeg' ? 'jpg' : fromPath) ??
    'png';
  return `${slug}-${index + 1}.${extension}`;
}

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
      createdAt: Date.now(),
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
    const done = $generations.get().find((g) => g.id === id);
    if (done && images.length)
      await keep(done, fetchImpl ?? ((url, init) => fetch(url, init))).catch(() => {});
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
