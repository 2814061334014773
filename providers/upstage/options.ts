import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/** Upstage speaks plain OpenAI Chat Completions under `/v1/solar`; only the base URL differs. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.upstage.ai/v1/solar',
};
