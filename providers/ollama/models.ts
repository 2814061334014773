import type { ModelCard } from '@manifold/core/contract/model-card';
import { isChatModelId } from '@manifold/core/models/model-list';

/** One installed model of `GET /api/tags`, as far as it is read here. */
interface InstalledModel {
  name?: unknown;
  model?: unknown;
  details?: {
    family?: unknown;
    families?: unknown;
    parameter_size?: unknown;
    quantization_level?: unknown;
  } | null;
}

/** Families of encoder-only models, which embed and cannot chat. */
const EMBEDDING_FAMILIES = new Set(['bert', 'nomic-bert', 'jina-bert', 'xlm-roberta']);

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** `llama3.2:latest` and `llama3.2` are the same model; the shorter id matches the built-in cards. */
const normalizeId = (name: string): string => name.replace(/:latest$/, '');

/**
 * The cards of the models installed on an Ollama server (`GET /api/tags`): id = the model name
 * (`:latest` dropped), description = family · parameter size · quantisation. Ids are filtered as
 * SPEC §9 says and deduplicated. A built-in card with the same id is used as it is; a built-in
 * card of the same model family (`qwen3` for `qwen3:8b`) lends its abilities and context window.
 * Encoder families (bert…) are embedding cards. Installed models are enabled; all are `remote`.
 */
export function modelCardsFromTags(raw: unknown, builtin: readonly ModelCard[]): ModelCard[] {
  const list = (raw as { models?: unknown } | null)?.models;
  if (!Array.isArray(list)) return [];
  const byId = new Map(builtin.map((card) => [card.id, card]));
  const seen = new Set<string>();
  const cards: ModelCard[] = [];
  for (const item of list as InstalledModel[]) {
    const name = text(item?.name) ?? text(item?.model);
    if (name === undefined) continue;
    const id = normalizeId(name);
    if (seen.has(id) || !isChatModelId(id)) continue;
    seen.add(id);
    const exact = byId.get(id);
    if (exact) {
      cards.push({ ...exact, enabled: true, source: 'remote' });
      continue;
    }
    const details = item.details ?? {};
    const families = [
      text(details.family),
      ...(Array.isArray(details.families) ? details.families.map(text) : []),
    ];
    const embedding = families.some((family) => family && EMBEDDING_FAMILIES.has(family));
    const related = byId.get(id.split(':')[0] ?? id);
    const description = [details.family, details.parameter_size, details.quantization_level]
      .map(text)
      .filter((part) => part !== undefined)
      .join(' · ');
    cards.push({
      id,
      displayName: id,
      ...(description ? { description } : {}),
      type: embedding ? 'embedding' : (related?.type ?? 'chat'),
      ...(related?.contextWindowTokens ? { contextWindowTokens: related.contextWindowTokens } : {}),
      enabled: true,
      abilities: embedding ? {} : { ...related?.abilities },
      source: 'remote',
    });
  }
  return cards;
}
