import type { ModelCard } from '@manifold/core/contract/model-card';
import { enrichModelCards } from '@manifold/core/models/model-list';
import type { GoogleModelInfo } from './types.js';

/** Ids of Gemini models that generate images rather than call tools. */
const IMAGE_MODEL = /image/;

/**
 * A card for one entry of Google's model list, or undefined when the model cannot chat (no
 * `generateContent` among its methods): id without `models/`, inputTokenLimit → context window,
 * outputTokenLimit → max output, `thinking` → the reasoning ability.
 */
export function googleModelCard(model: GoogleModelInfo): ModelCard | undefined {
  const methods = model.supportedActions ?? model.supportedGenerationMethods ?? [];
  if (!methods.includes('generateContent') || !model.name) return undefined;
  const id = model.name.replace(/^models\//, '');
  const gemini = id.startsWith('gemini-');
  const card: ModelCard = {
    id,
    displayName: model.displayName || id,
    type: 'chat',
    enabled: false,
    abilities: {
      ...(model.thinking === true && { reasoning: true }),
      ...(gemini && { vision: true }),
      ...(gemini && !IMAGE_MODEL.test(id) && { functionCall: true }),
      ...(gemini && IMAGE_MODEL.test(id) && { imageOutput: true }),
    },
    source: 'remote',
  };
  if (model.description) card.description = model.description;
  if (model.inputTokenLimit) card.contextWindowTokens = model.inputTokenLimit;
  if (model.outputTokenLimit) card.maxOutput = model.outputTokenLimit;
  return card;
}

/**
 * Every chat-capable model of a (paged) list, ids filtered as SPEC §9 says, built-in cards
 * preferred for the ids the provider knows.
 */
export async function googleModelCards(
  models: AsyncIterable<GoogleModelInfo>,
  builtin: readonly ModelCard[],
): Promise<ModelCard[]> {
  const cards: ModelCard[] = [];
  for await (const model of models) {
    const card = googleModelCard(model);
    if (card) cards.push(card);
  }
  return enrichModelCards(cards, builtin);
}
