import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/** Qiniu speaks plain OpenAI Chat Completions; only the base URL differs. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.qnaigc.com/v1',
};
