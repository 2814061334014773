import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/**
 * How ModelScope differs from OpenAI: its model list endpoint is unreliable, and a failure there
 * must not break the model picker, so it answers an empty list (the built-in cards still show).
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api-inference.modelscope.cn/v1',
  models: { emptyOnError: true },
};
