import type { ChatCompletionBody } from '@manifold/wire-openai/options';

/** Moonshot's built-in web search: a `builtin_function` tool the server runs itself. */
export const WEB_SEARCH_TOOL = {
  type: 'builtin_function',
  function: { name: '$web_search' },
} as const;

/**
 * With search on, the `$web_search` builtin tool is added to the request's tools. Moonshot answers
 * with a `$web_search` tool call that the client echoes back as a tool message, as for any tool.
 */
export function search(body: ChatCompletionBody): ChatCompletionBody {
  const tools = body.tools ?? [];
  const present = tools.some(
    (tool) =>
      (tool as { function?: { name?: string } }).function?.name === WEB_SEARCH_TOOL.function.name,
  );
  return present ? body : { ...body, tools: [...tools, WEB_SEARCH_TOOL] };
}
