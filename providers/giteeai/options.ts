import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/** Gitee AI speaks plain OpenAI Chat Completions; only the base URL differs. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://ai.gitee.com/v1',
};
