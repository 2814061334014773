import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { clamps, isHybridThinkingModel } from './convert-request.js';
import { search } from './search.js';

/**
 * How Qwen differs from OpenAI: DashScope's parameter ranges, always streaming, parallel tool
 * calls, switchable thinking on hybrid models, and `enable_search`.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://dashscope.aliyuncs.com/compatible-mode/v1',
  clamps,
  alwaysStream: true,
  // enable_thinking, and thinking_budget only when the request gives one
  thinking: { style: 'enable_thinking', models: isHybridThinkingModel, budget: {} },
  parallelToolCalls: true,
  search,
};
