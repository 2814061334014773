import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { clamps, HYBRID_THINKING_MODEL, search } from './convert-request.js';

/**
 * How Hunyuan differs from OpenAI: always streamed, no penalties, search by request flags (its
 * citations arrive in `search_info.search_results`, which the factory reads), thinking switch
 * for hunyuan-a13b.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.hunyuan.cloud.tencent.com/v1',
  clamps,
  alwaysStream: true,
  thinking: { style: 'enable_thinking', models: HYBRID_THINKING_MODEL },
  search,
  // Hunyuan's OpenAI-compatible endpoint documents no model list.
  models: false,
};
