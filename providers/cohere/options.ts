import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';

/** Cohere's OpenAI compatibility endpoint. */
export const COHERE_BASE_URL = 'https://api.cohere.ai/compatibility/v1';

/**
 * Cohere's model list is not on the compatibility path but on its native API,
 * `https://api.cohere.com/v1/models`: same origin as the configured base URL (so a proxy still
 * serves it), with the `.ai` host swapped for `.com`.
 */
export function modelListURL(options: RuntimeOptions): string {
  const url = new URL(options.baseURL ?? COHERE_BASE_URL);
  if (url.hostname === 'api.cohere.ai') url.hostname = 'api.cohere.com';
  return `${url.origin}/v1/models`;
}

/** One entry of Cohere's native `GET /v1/models` answer. */
interface CohereModel {
  name?: unknown;
  context_length?: number;
  features?: string[] | null;
  endpoints?: string[];
}

/** The chat models of Cohere's `{models: [...]}` answer, with the features it reports as abilities. */
export function cohereModelCards(raw: unknown): ModelCard[] {
  const models = (raw as { models?: unknown } | null)?.models;
  if (!Array.isArray(models)) return [];
  return (models as CohereModel[])
    .filter((model) => typeof model.name === 'string' && model.endpoints?.includes('chat'))
    .map((model) => ({
      id: model.name as string,
      displayName: model.name as string,
      type: 'chat',
      enabled: false,
      ...(typeof model.context_length === 'number' && {
        contextWindowTokens: model.context_length,
      }),
      abilities: {
        ...(model.features?.includes('tools') && { functionCall: true }),
        ...(model.features?.includes('vision') && { vision: true }),
      },
      source: 'remote',
    }));
}

/**
 * How Cohere differs from OpenAI: penalties are accepted only in (0, 1] and top_p only in (0, 1)
 * (other values are left out so Cohere's defaults apply); no `stream_options` and no `user`.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: COHERE_BASE_URL,
  clamps: [
    ...(['frequency_penalty', 'presence_penalty'] as const).map((param) => ({
      op: 'range' as const,
      param,
      min: 0,
      minExclusive: true,
      max: 1,
      outside: 'drop' as const,
    })),
    {
      op: 'range',
      param: 'top_p',
      min: 0,
      max: 1,
      minExclusive: true,
      maxExclusive: true,
      outside: 'drop',
    },
  ],
  models: { url: modelListURL, transform: cohereModelCards },
  includeUsage: false,
  sendUserId: false,
};
