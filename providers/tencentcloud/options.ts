import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/** Tencent Cloud LKEAP speaks plain OpenAI Chat Completions; only the base URL differs. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.lkeap.cloud.tencent.com/v1',
};
