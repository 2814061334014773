import { enrichModelCards } from '@manifold/core/models/model-list';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { HuggingFaceError } from './errors.js';

/** The Hub, whose public model list says which models the Inference Providers serve. */
export const HUGGINGFACE_HUB = 'https://huggingface.co';

/** Models asked of the Hub list: the most downloaded text-generation models any provider serves. */
export const MODEL_LIST_LIMIT = 200;

/** The Hub base: `HUGGINGFACE_HUB_URL` (a mirror, or a test fake), else huggingface.co. */
export const hubBase = (env: Readonly<Record<string, string | undefined>>): string =>
  (env.HUGGINGFACE_HUB_URL?.trim() || HUGGINGFACE_HUB).replace(/\/+$/, '');

/** `GET {hub}/api/models?pipeline_tag=text-generation&inference_provider=all&sort=downloads&limit=…`. */
export function modelListURL(hub: string): string {
  const query = new URLSearchParams({
    pipeline_tag: 'text-generation',
    inference_provider: 'all',
    sort: 'downloads',
    limit: String(MODEL_LIST_LIMIT),
  });
  return `${hub}/api/models?${query}`;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Ids of reasoning families the Hub does not tag (the keywords LobeChat uses, and later ones). */
const REASONING_IDS = /deepseek-r1|qwq|qwen3|gpt-oss|thinking|magistral/i;

/**
 * One Hub entry as a card, or undefined when it is not a chat model (no `conversational` tag):
 * vision from `image-text-to-text`, reasoning from a `reasoning` tag or the id, function calling
 * from `function-calling` / `tool-use` tags.
 */
export function toModelCard(entry: Json): ModelCard | undefined {
  const id = typeof entry.id === 'string' ? entry.id : undefined;
  const tags = Array.isArray(entry.tags)
    ? entry.tags
        .filter((tag): tag is string => typeof tag === 'string')
        .map((tag) => tag.toLowerCase())
    : [];
  if (!id || !tags.includes('conversational')) return undefined;
  const has = (...names: string[]) => names.some((name) => tags.includes(name));
  return {
    id,
    displayName: id.split('/').at(-1) ?? id,
    type: 'chat',
    enabled: false,
    abilities: {
      functionCall: has('function-calling', 'tool-use'),
      reasoning: has('reasoning') || REASONING_IDS.test(id),
      vision:
        has('image-text-to-text', 'vision', 'multimodal') ||
        entry.pipeline_tag === 'image-text-to-text',
    },
    source: 'remote',
  };
}

/**
 * The Hub's list of models the Inference Providers serve, as cards: chat models only, ids filtered
 * (SPEC §9), built-in cards preferred. A failure throws `HuggingFaceError`.
 */
export async function fetchModelCards(
  request: { fetch: typeof globalThis.fetch; url: string; signal: AbortSignal },
  builtin: readonly ModelCard[],
): Promise<ModelCard[]> {
  const response = await request.fetch(request.url, {
    headers: { accept: 'application/json' },
    signal: request.signal,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // reported as text below
  }
  if (!response.ok) throw new HuggingFaceError(response.status, body);
  if (!Array.isArray(body)) {
    throw new HuggingFaceError(response.status, { error: 'The Hub answered without a model list' });
  }
  const cards = body
    .filter(isObject)
    .map(toModelCard)
    .filter((card): card is ModelCard => card !== undefined);
  return enrichModelCards(cards, builtin);
}
