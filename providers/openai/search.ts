import type { RuntimeOptions } from '@manifold/core/contract/runtime';

/** Search context sizes OpenAI accepts for web search. */
export const SEARCH_CONTEXT_SIZES = ['low', 'medium', 'high'] as const;
export type SearchContextSize = (typeof SEARCH_CONTEXT_SIZES)[number];

const isSearchContextSize = (value: string): value is SearchContextSize =>
  (SEARCH_CONTEXT_SIZES as readonly string[]).includes(value);

/**
 * `OPENAI_SEARCH_CONTEXT_SIZE` when it is set to a valid value; an invalid value is ignored with a
 * warning, so OpenAI's own default applies.
 */
export function searchContextSize(
  options: Pick<RuntimeOptions, 'env' | 'logger'>,
): SearchContextSize | undefined {
  const value = options.env.OPENAI_SEARCH_CONTEXT_SIZE?.trim();
  if (!value) return undefined;
  if (isSearchContextSize(value)) return value;
  options.logger.warn(
    { variable: 'OPENAI_SEARCH_CONTEXT_SIZE', value, allowed: SEARCH_CONTEXT_SIZES },
    'OPENAI_SEARCH_CONTEXT_SIZE is not low, medium or high; ignored',
  );
  return undefined;
}

/** The Responses API web search tool, with the configured context size. */
export function webSearchTool(
  options: Pick<RuntimeOptions, 'env' | 'logger'>,
): Record<string, unknown> {
  const size = searchContextSize(options);
  return size ? { type: 'web_search', search_context_size: size } : { type: 'web_search' };
}

/** `web_search_options` for the chat-completions search-preview models, or undefined. */
export function webSearchOptions(
  options: Pick<RuntimeOptions, 'env' | 'logger'>,
): { search_context_size: SearchContextSize } | undefined {
  const size = searchContextSize(options);
  return size ? { search_context_size: size } : undefined;
}
