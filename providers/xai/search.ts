import type { ChatCompletionBody } from '@manifold/wire-openai/options';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';

/** Default and bounds of `max_search_results` (SPEC §8). */
export const SEARCH_RESULTS = { default: 15, min: 1, max: 30 } as const;

/** `XAI_MAX_SEARCH_RESULTS` held to 1–30; 15 when unset or not a number. */
export function maxSearchResults(env: RuntimeOptions['env']): number {
  const parsed = Number.parseInt(env.XAI_MAX_SEARCH_RESULTS ?? '', 10);
  if (Number.isNaN(parsed)) return SEARCH_RESULTS.default;
  return Math.min(Math.max(parsed, SEARCH_RESULTS.min), SEARCH_RESULTS.max);
}

/**
 * xAI Live Search: `search_parameters` in auto mode over news, web and X, with citations returned
 * (read from the chunks' `citations` by the factory); `XAI_SAFE_SEARCH=1` turns on safe search.
 */
export function search(
  body: ChatCompletionBody,
  _request: ChatRequest,
  options: RuntimeOptions,
): ChatCompletionBody {
  const safeSearch = options.env.XAI_SAFE_SEARCH === '1';
  return {
    ...body,
    search_parameters: {
      mode: 'auto',
      return_citations: true,
      max_search_results: maxSearchResults(options.env),
      sources: [
        { type: 'news', safe_search: safeSearch },
        { type: 'web', safe_search: safeSearch },
        { type: 'x' },
      ],
    },
  };
}
