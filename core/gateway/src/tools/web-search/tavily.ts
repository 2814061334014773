/**
 * Tavily: `POST /search` with `Authorization: Bearer <key>` (docs.tavily.com, API reference
 * "Tavily Search"). Errors are `{"detail": {"error": "…"}}` with 400, 401, 429, 432 (plan limit),
 * 433 (pay-as-you-go limit) or 500.
 */
import {
  list,
  requestJSON,
  text,
  usableHits,
  type SearchBackend,
  type SearchHit,
} from './backend.js';

/** Tavily's `topic`: `news` and `finance` when asked for, else `general`. */
function topic(categories: readonly string[]): 'general' | 'news' | 'finance' {
  const names = categories.map((each) => each.trim().toLowerCase());
  if (names.includes('news')) return 'news';
  if (names.includes('finance') || names.includes('financial')) return 'finance';
  return 'general';
}

export function createTavilyBackend(key: string, baseURL: string): SearchBackend {
  return {
    name: 'tavily',
    secrets: [key],
    async search(query, io) {
      const request = {
        query: query.query,
        topic: topic(query.categories),
        search_depth: 'basic',
        max_results: query.limit,
        include_answer: false,
        include_raw_content: false,
        include_images: false,
        include_favicon: true,
        ...(query.timeRange && { time_range: query.timeRange }),
      };
      const body = await requestJSON(
        io,
        `${baseURL}/search`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${key}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify(request),
        },
        (error) => text(error, 'detail', 'error') ?? text(error, 'detail') ?? text(error, 'error'),
      );
      const hits: SearchHit[] = list(body, 'results').map((result) => ({
        title: text(result, 'title') ?? '',
        url: text(result, 'url') ?? '',
        snippet: text(result, 'content') ?? '',
        published: text(result, 'published_date'),
        favicon: text(result, 'favicon'),
      }));
      return usableHits(hits, query.limit);
    },
  };
}
