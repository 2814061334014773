import type { OpenAICompatibleOptions } from '@manifold/core/compat/options';
import { clamps, payload } from './convert-request.js';
import { citations, search } from './search.js';

/**
 * How MiniMax differs from OpenAI: halved temperature (none at 0), top_p in (0, 1], no penalties,
 * max_tokens from the model card, a `web_search` tool, and no model list endpoint.
 */
export const options: OpenAICompatibleOptions = {
  baseURL: 'https://api.minimax.chat/v1',
  clamps,
  payload,
  search,
  citations,
  models: false,
};
