import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { clamps, takesThinkingType } from './convert-request.js';
import { MODEL_LIST_URL, modelCards } from './models.js';
import { search } from './search.js';

/**
 * How Zhipu differs from OpenAI: halved temperature and per-model caps, `thinking: {type}` on
 * GLM-4.5/4.6, a `web_search` tool whose sources arrive in the chunk's `web_search`, and a model
 * list from the fine-tuning model center.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://open.bigmodel.cn/api/paas/v4',
  clamps,
  // no budget exists
  thinking: { style: 'type', models: takesThinkingType },
  // sources arrive in the chunk's `web_search` list, which the factory reads
  search,
  models: { url: MODEL_LIST_URL, transform: modelCards },
};
