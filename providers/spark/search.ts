import type { ChatCompletionBody } from '@manifold/wire-openai/options';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';

/** The search mode when `SPARK_SEARCH_MODE` is not set. */
export const DEFAULT_SEARCH_MODE = 'normal';

/**
 * With search on, Spark's `web_search` tool is added to the request's tools, in the mode
 * `SPARK_SEARCH_MODE` names (default `normal`).
 */
export function search(
  body: ChatCompletionBody,
  _request: ChatRequest,
  options: RuntimeOptions,
): ChatCompletionBody {
  const tools = body.tools ?? [];
  if (tools.some((tool) => (tool as { type?: string }).type === 'web_search')) return body;
  const tool = {
    type: 'web_search',
    web_search: {
      enable: true,
      search_mode: options.env.SPARK_SEARCH_MODE || DEFAULT_SEARCH_MODE,
    },
  };
  return { ...body, tools: [...tools, tool] };
}
