import type { ModelCard } from '../contract/model-card.js';
import { inferAbilities, type AbilityKeywords } from './infer-abilities.js';

/**
 * Substrings of ids that are not chat models (SPEC §9), matched literally and case-insensitively.
 * Literal matching has false positives — `ada` also drops e.g. `…-canada-…` or `…-adapter` ids;
 * the spec's list is followed as written, and such a model can still be added by `<ID>_MODEL_LIST`.
 */
export const EXCLUDED_MODEL_ID_PARTS = [
  'embedding',
  'davinci',
  'curie',
  'moderation',
  'ada',
  'babbage',
  'tts',
  'whisper',
  'dall-e',
] as const;

/** True when the id names a chat model by SPEC §9's filter. */
export const isChatModelId = (id: string): boolean => {
  const lower = id.toLowerCase();
  return !EXCLUDED_MODEL_ID_PARTS.some((part) => lower.includes(part));
};

/** The cards of a plain OpenAI list answer (`{data: [{id}]}` or a bare array of `{id}`). */
export function defaultModelCards(raw: unknown): ModelCard[] {
  const data = Array.isArray(raw) ? raw : (raw as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return data
    .map((item) =>
      typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : item,
    )
    .filter((id): id is string => typeof id === 'string' && id !== '')
    .map((id) => ({ id, type: 'chat', enabled: false, abilities: {}, source: 'remote' }));
}

/**
 * Remote cards filtered by id (SPEC §9), deduplicated, each replaced by the built-in card of the same
 * id when there is one (built-in data preferred), all with `source: 'remote'`. With `infer`, the
 * abilities of an id no built-in card names are inferred from `infer.keywords` or its family
 * (`inferAbilities`); abilities the list itself reported win. Lists that report abilities
 * themselves (Gemini, Cloudflare) leave `infer` out.
 */
export function enrichModelCards(
  cards: readonly ModelCard[],
  builtin: readonly ModelCard[],
  infer?: { keywords?: AbilityKeywords | undefined },
): ModelCard[] {
  const byId = new Map(builtin.map((card) => [card.id, card]));
  const seen = new Set<string>();
  const result: ModelCard[] = [];
  for (const card of cards) {
    if (seen.has(card.id) || !isChatModelId(card.id)) continue;
    seen.add(card.id);
    const known = byId.get(card.id);
    result.push(
      known || !infer
        ? { ...card, ...known, source: 'remote' }
        : {
            ...card,
            abilities: { ...inferAbilities(card.id, infer.keywords), ...card.abilities },
            source: 'remote',
          },
    );
  }
  return result;
}
