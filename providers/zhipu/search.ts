import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ChatCompletionBody } from '@manifold/wire-openai/options';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';

/** The search engine when `ZHIPU_SEARCH_ENGINE` is not set. */
export const DEFAULT_SEARCH_ENGINE = 'search_std';

/**
 * With search on, Zhipu's `web_search` tool is added with the engine from `ZHIPU_SEARCH_ENGINE`;
 * `search_result: true` makes the stream carry the sources (`web_search` on the first chunk).
 */
export function search(
  body: ChatCompletionBody,
  _request: ChatRequest,
  options: RuntimeOptions,
): ChatCompletionBody {
  const engine = options.env.ZHIPU_SEARCH_ENGINE?.trim() || DEFAULT_SEARCH_ENGINE;
  const tool = {
    type: 'web_search',
    web_search: { enable: true, search_engine: engine, search_result: true },
  };
  return { ...body, tools: [...(body.tools ?? []), tool] };
}
