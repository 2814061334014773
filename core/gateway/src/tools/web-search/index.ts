/**
 * The built-in web-search tool (CONTRACT §8, `web-search`): `search` through the configured
 * backends (SearXNG, Tavily, Brave, Exa, Google Programmable Search) and `crawl` of pages to
 * Markdown. The gateway lists it only when a backend is configured.
 */
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { ToolSource } from '../types.js';
import type { TimeRange } from './backend.js';
import { searchBackends } from './backends.js';
import { runCrawl } from './crawl.js';
import { HtmlExtractor } from './extractor.js';
import { MAX_CRAWL_URLS, MAX_QUERY_LENGTH, WEB_SEARCH_ID, webSearchManifest } from './manifest.js';
import { RESULT_LIMIT, runSearch } from './search.js';

export { WEB_SEARCH_ID, webSearchManifest };

/** Time limits inside a call (the gateway's own limit for a tool call is 30 s). */
export interface WebSearchOptions {
  /** Longest wait for one backend before the next is tried (default 10 s). */
  backendTimeoutMs?: number;
  /** Longest wait for one page, redirects included (default 20 s). */
  pageTimeoutMs?: number;
}

const TIME_RANGES = new Set<string>(['day', 'week', 'month', 'year']);

const notFound = (identifier: string, apiName: string) =>
  new ManifoldError('PluginApiNotFound', {
    message: `${identifier} has no api ${apiName}`,
    identifier,
    apiName,
  });

/**
 * The web-search tool source, or undefined when no search backend is configured (then the tool is
 * not listed). Reads `SEARXNG_URL`, `TAVILY_API_KEY`, `TAVILY_BASE_URL`, `BRAVE_API_KEY`,
 * `BRAVE_BASE_URL`, `EXA_API_KEY`, `EXA_BASE_URL`, `GOOGLE_PSE_API_KEY`, `GOOGLE_PSE_ENGINE_ID`,
 * `GOOGLE_PSE_BASE_URL` and `SEARCH_PROVIDERS`; throws `ConfigError` on a bad value.
 */
export function createWebSearchSource(
  env: Readonly<Record<string, string | undefined>>,
  options: WebSearchOptions = {},
): ToolSource | undefined {
  const backends = searchBackends(env);
  if (backends.length === 0) return undefined;
  const backendTimeoutMs = options.backendTimeoutMs ?? 10_000;
  const pageTimeoutMs = options.pageTimeoutMs ?? 20_000;
  const extractor = new HtmlExtractor();
  return {
    manifests: () => [webSearchManifest],
    close: () => extractor.close(),
    async call(identifier, apiName, args, context) {
      if (identifier !== WEB_SEARCH_ID) throw notFound(identifier, apiName);
      if (apiName === 'search') {
        // Arguments were checked against the schema; this keeps a direct caller honest too.
        const query = String(args.query ?? '')
          .trim()
          .slice(0, MAX_QUERY_LENGTH);
        if (!query)
          throw new ManifoldError('PluginApiParamsError', { message: 'query must not be empty' });
        const categories = Array.isArray(args.categories)
          ? args.categories.filter((each): each is string => typeof each === 'string')
          : [];
        const timeRange =
          typeof args.timeRange === 'string' && TIME_RANGES.has(args.timeRange)
            ? (args.timeRange as TimeRange)
            : undefined;
        return runSearch(
          backends,
          { query, categories, ...(timeRange && { timeRange }), limit: RESULT_LIMIT },
          context,
          backendTimeoutMs,
        );
      }
      if (apiName === 'crawl') {
        const urls = Array.isArray(args.urls)
          ? [...new Set(args.urls.filter((each): each is string => typeof each === 'string'))]
          : [];
        if (urls.length === 0)
          throw new ManifoldError('PluginApiParamsError', { message: 'urls must not be empty' });
        return runCrawl(urls.slice(0, MAX_CRAWL_URLS), context, pageTimeoutMs, extractor);
      }
      throw notFound(identifier, apiName);
    },
  };
}
