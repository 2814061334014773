import type { OpenAICompatibleOptions } from '@manifold/core/compat/options';
import { clamps, payload } from './convert-request.js';
import { search } from './search.js';

/**
 * How Qwen differs from OpenAI: DashScope's parameter ranges, always streaming, parallel tool
 * calls, switchable thinking on hybrid models, and `enable_search`.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
  clamps,
  alwaysStream: true,
  payload,
  search,
};
