import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/** 01.AI speaks plain OpenAI Chat Completions; only the base URL differs. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.lingyiwanwu.com/v1',
};
