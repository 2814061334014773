import type Anthropic from '@anthropic-ai/sdk';
import { enrichModelCards } from '@manifold/core/models/model-list';
import type { ModelAbilities, ModelCard } from '@manifold/core/contract/model-card';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const supported = (value: unknown): boolean | undefined =>
  isObject(value) && typeof value.supported === 'boolean' ? value.supported : undefined;
const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;

/** Largest page the models endpoint serves; fewer round trips for the whole list. */
export const MODELS_PAGE_LIMIT = 1000;

/**
 * A card for one entry of `GET /v1/models` (`{id, display_name, created_at, max_input_tokens?,
 * max_tokens?, capabilities?}`): the name, release date, token limits and the abilities the API
 * reports; every Claude model takes tools.
 */
export function remoteCard(info: unknown): ModelCard | undefined {
  if (!isObject(info) || typeof info.id !== 'string' || info.id === '') return undefined;
  const abilities: ModelAbilities = { functionCall: true };
  const capabilities = isObject(info.capabilities) ? info.capabilities : {};
  const vision = supported(capabilities.image_input);
  if (vision !== undefined) abilities.vision = vision;
  const reasoning = supported(capabilities.thinking);
  if (reasoning !== undefined) abilities.reasoning = reasoning;
  const card: ModelCard = {
    id: info.id,
    type: 'chat',
    enabled: false,
    abilities,
    source: 'remote',
  };
  if (typeof info.display_name === 'string' && info.display_name !== '') {
    card.displayName = info.display_name;
  }
  const released = typeof info.created_at === 'string' ? info.created_at.slice(0, 10) : '';
  // An unknown release date is reported as the epoch.
  if (/^\d{4}-\d{2}-\d{2}$/.test(released) && !released.startsWith('1970')) {
    card.releasedAt = released;
  }
  const context = positive(info.max_input_tokens);
  if (context !== undefined) card.contextWindowTokens = context;
  const output = positive(info.max_tokens);
  if (output !== undefined) card.maxOutput = output;
  return card;
}

/**
 * The remote model list (SPEC §7: `GET {base}/v1/models` with the key and `anthropic-version`
 * headers the client sends), every page followed, ids filtered (SPEC §9) and built-in cards
 * preferred where the ids match.
 */
export async function fetchAnthropicModels(
  client: Anthropic,
  builtin: readonly ModelCard[],
  signal: AbortSignal,
): Promise<ModelCard[]> {
  const cards: ModelCard[] = [];
  for await (const info of client.models.list({ limit: MODELS_PAGE_LIMIT }, { signal })) {
    const card = remoteCard(info);
    if (card) cards.push(card);
  }
  return enrichModelCards(cards, builtin);
}
