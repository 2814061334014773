import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { ModelCard } from '@manifold/core/contract/model-card';

const BASE_URL = 'https://api.together.xyz/v1';

/** One model of Together's `/api/models` answer (a bare array); prices are USD per million. */
interface TogetherModel {
  id?: unknown;
  display_name?: unknown;
  type?: unknown;
  context_length?: unknown;
  pricing?: { input?: unknown; output?: unknown };
}

const positive = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;

/**
 * Together's catalogue as cards: only `type: 'chat'` entries (it also lists image, embedding,
 * rerank, audio… models), with display name, context length and prices. Abilities are left to
 * the id keywords, which the factory infers.
 */
export function togetherModelCards(raw: unknown): ModelCard[] {
  const list = Array.isArray(raw) ? (raw as TogetherModel[]) : [];
  return list.flatMap((model): ModelCard[] => {
    if (model?.type !== 'chat' || typeof model.id !== 'string' || !model.id) return [];
    const input = positive(model.pricing?.input);
    const output = positive(model.pricing?.output);
    const context = positive(model.context_length);
    return [
      {
        id: model.id,
        ...(typeof model.display_name === 'string' && { displayName: model.display_name }),
        type: 'chat',
        ...(context !== undefined && { contextWindowTokens: Math.round(context) }),
        ...((input !== undefined || output !== undefined) && {
          pricing: {
            ...(input !== undefined && { input }),
            ...(output !== undefined && { output }),
          },
        }),
        enabled: false,
        abilities: {},
        source: 'remote',
      },
    ];
  });
}

/**
 * How Together AI differs from OpenAI: the app's attribution headers, and the model list from
 * the richer `/api/models` catalogue instead of `/v1/models`.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: BASE_URL,
  headers: { 'HTTP-Referer': 'https://github.com/manifold', 'X-Title': 'Manifold' },
  // the catalogue lives beside the API: base `…/v1` → `<origin>/api/models`
  models: { url: { fromOrigin: '/api/models' }, transform: togetherModelCards },
};
