import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { ModelAbilities, ModelCard } from '@manifold/core/contract/model-card';

/** One entry of Fireworks' `/models` answer: OpenAI's shape plus what the model supports. */
interface FireworksModel {
  id?: unknown;
  context_length?: unknown;
  supports_chat?: unknown;
  supports_tools?: unknown;
  supports_image_input?: unknown;
}

/**
 * Fireworks' list as cards: `context_length` is the context window, `supports_tools` and
 * `supports_image_input` are the function-call and vision abilities (they win over the id
 * keywords, which still decide reasoning); entries marked `supports_chat: false` are left out.
 */
export function fireworksModelCards(raw: unknown): ModelCard[] {
  const data = (raw as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return (data as FireworksModel[]).flatMap((model): ModelCard[] => {
    if (typeof model?.id !== 'string' || !model.id || model.supports_chat === false) return [];
    const abilities: ModelAbilities = {};
    if (typeof model.supports_tools === 'boolean') abilities.functionCall = model.supports_tools;
    if (typeof model.supports_image_input === 'boolean') {
      abilities.vision = model.supports_image_input;
    }
    const context = model.context_length;
    return [
      {
        id: model.id,
        type: 'chat',
        ...(typeof context === 'number' &&
          Number.isInteger(context) &&
          context > 0 && { contextWindowTokens: context }),
        enabled: false,
        abilities,
        source: 'remote',
      },
    ];
  });
}

/** How Fireworks AI differs from OpenAI: a model list that states context and abilities. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.fireworks.ai/inference/v1',
  models: { transform: fireworksModelCards },
};
