import type { OpenAICompatibleOptions } from '@manifold/core/compat/options';

/** Tencent Cloud LKEAP speaks plain OpenAI Chat Completions; only the base URL differs. */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.lkeap.cloud.tencent.com/v1',
};
