import type { ChatCompletionBody } from '@manifold/wire-openai/options';

/** StepFun's built-in search tool; the server runs the search itself. */
export const WEB_SEARCH_TOOL = {
  type: 'web_search',
  function: {
    name: 'web_search',
    description: 'use web_search to search information on the internet',
  },
} as const;

/** With search on, the `web_search` tool is added to the request's tools (once). */
export function search(body: ChatCompletionBody): ChatCompletionBody {
  const tools = body.tools ?? [];
  if (tools.some((tool) => (tool as { type?: string }).type === 'web_search')) return body;
  return { ...body, tools: [...tools, WEB_SEARCH_TOOL] };
}
