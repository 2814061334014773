import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ChatCompletionBody } from '@manifold/wire-openai/options';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';

/** The search strategy when `QWEN_SEARCH_STRATEGY` is not set. */
export const DEFAULT_SEARCH_STRATEGY = 'standard';

/**
 * With search on, DashScope searches itself: `enable_search` plus the strategy from
 * `QWEN_SEARCH_STRATEGY`. Its sources come back in `search_info.search_results`, which the factory
 * already turns into the grounding event.
 */
export function search(
  body: ChatCompletionBody,
  _request: ChatRequest,
  options: RuntimeOptions,
): ChatCompletionBody {
  const strategy = options.env.QWEN_SEARCH_STRATEGY?.trim() || DEFAULT_SEARCH_STRATEGY;
  return {
    ...body,
    enable_search: true,
    search_options: { search_strategy: strategy },
  };
}
