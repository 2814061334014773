import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/** The v0 Model API speaks plain OpenAI Chat Completions; only the base URL differs. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.v0.dev/v1',
};
