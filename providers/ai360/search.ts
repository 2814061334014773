import type { ChatCompletionBody } from '@manifold/wire-openai/options';

/** 360's built-in search tool; the server runs the search itself. */
export const WEB_SEARCH_TOOL = { type: 'web_search', web_search: { search_mode: 'auto' } } as const;

/** With search on, the `web_search` tool is added to the request's tools (once). */
export function search(body: ChatCompletionBody): ChatCompletionBody {
  const tools = body.tools ?? [];
  if (tools.some((tool) => (tool as { type?: string }).type === 'web_search')) return body;
  return { ...body, tools: [...tools, WEB_SEARCH_TOOL] };
}
