import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';

/**
 * DeepSeek needs no rules of its own: `reasoning_content` deltas are reasoning and its top-level
 * `prompt_cache_hit_tokens` / `prompt_cache_miss_tokens` usage is read by the shared converters.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.deepseek.com/v1',
};
