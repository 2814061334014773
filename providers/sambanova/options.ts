import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/** SambaNova Cloud speaks plain OpenAI Chat Completions; only the base URL differs. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.sambanova.ai/v1',
};
