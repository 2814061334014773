import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { ModelCard } from '@manifold/core/contract/model-card';

/** The only body fields Mistral's chat endpoint is sent (it rejects OpenAI fields it does not know). */
export const MISTRAL_FIELDS = [
  'model',
  'messages',
  'stream',
  'max_tokens',
  'temperature',
  'tools',
  'top_p',
] as const;

/** One entry of Mistral's `GET /models` answer. */
interface MistralModel {
  id?: unknown;
  capabilities?: { completion_chat?: boolean; function_calling?: boolean; vision?: boolean };
}

/**
 * Mistral's model list reports capabilities: entries that cannot chat (`mistral-embed`, OCR,
 * moderation) are skipped and the reported tool and vision support become abilities.
 */
export function mistralModelCards(raw: unknown): ModelCard[] {
  const data = (raw as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return [];
  return (data as MistralModel[])
    .filter((item) => typeof item.id === 'string' && item.capabilities?.completion_chat !== false)
    .map((item) => {
      const caps = item.capabilities ?? {};
      return {
        id: item.id as string,
        type: 'chat',
        enabled: false,
        abilities: {
          ...(caps.function_calling && { functionCall: true }),
          ...(caps.vision && { vision: true }),
        },
        source: 'remote',
      };
    });
}

/**
 * How Mistral differs from OpenAI: temperature runs 0–1 (the request's 0–2 value is halved), and
 * only model, messages, max_tokens, temperature, tools, top_p and stream are sent: no
 * `stream_options` and no `user`.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.mistral.ai/v1',
  clamps: [{ op: 'halve', param: 'temperature' }],
  keepOnly: MISTRAL_FIELDS,
  models: { transform: mistralModelCards },
  includeUsage: false,
  sendUserId: false,
};
