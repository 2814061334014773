import type { RuntimeOptions } from '@manifold/core/contract/runtime';

/** Anthropic's server-side web search tool (https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-search-tool). */
export interface WebSearchTool {
  type: 'web_search_20250305';
  name: 'web_search';
  /** Most searches per request; Anthropic's own default (no limit) applies when absent. */
  max_uses?: number;
}

/**
 * `ANTHROPIC_MAX_USES` when it is a positive integer; anything else is ignored with a warning, so
 * Anthropic's default applies.
 */
export function maxUses(options: Pick<RuntimeOptions, 'env' | 'logger'>): number | undefined {
  const value = options.env.ANTHROPIC_MAX_USES?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value) && Number(value) > 0) return Number(value);
  options.logger.warn(
    { variable: 'ANTHROPIC_MAX_USES', value },
    'ANTHROPIC_MAX_USES is not a positive integer; ignored',
  );
  return undefined;
}

/** The web search tool added to a request with `enabledSearch` (SPEC §7). */
export function webSearchTool(options: Pick<RuntimeOptions, 'env' | 'logger'>): WebSearchTool {
  const uses = maxUses(options);
  const tool: WebSearchTool = { type: 'web_search_20250305', name: 'web_search' };
  if (uses !== undefined) tool.max_uses = uses;
  return tool;
}
