import type { ChatCompletionBody } from '@manifold/wire-openai/options';

/**
 * Qianfan's built-in search: `web_search` with citations and the search trace. The sources come
 * back in the chunk's `search_results` (`{index, url, title}`), which the factory reads.
 */
export function search(body: ChatCompletionBody): ChatCompletionBody {
  return {
    ...body,
    web_search: { enable: true, enable_citation: true, enable_trace: true },
  };
}
