/**
 * Brave Search API: `GET /res/v1/web/search` with `X-Subscription-Token` (api-dashboard.search.
 * brave.com, "Web search"). Errors are `{"type": "ErrorResponse", "error": {id, status, code,
 * detail, meta}}`: a wrong or missing token is 422 (`SUBSCRIPTION_TOKEN_INVALID`, `VALIDATION`),
 * a rate or quota limit 429 (`RATE_LIMITED`, `QUOTA_LIMITED`).
 */
import {
  field,
  list,
  requestJSON,
  text,
  usableHits,
  type SearchBackend,
  type SearchHit,
  type TimeRange,
} from './backend.js';

/** Brave's `freshness`: past day, week, month (31 days) or year. */
const FRESHNESS: Record<TimeRange, string> = { day: 'pd', week: 'pw', month: 'pm', year: 'py' };

/** Brave's most results per page. */
const MAX_COUNT = 20;

/** The message of a Brave error body: `CODE: detail` (the documented shape, or its `errors` list). */
function describe(body: unknown): string | undefined {
  const error = field(body, 'error') ?? list(body, 'errors')[0];
  const detail = text(error, 'detail');
  const code = text(error, 'code');
  if (!detail && !code) return undefined;
  return [code, detail].filter(Boolean).join(': ');
}

const hitOf = (result: unknown): SearchHit => ({
  title: text(result, 'title') ?? '',
  url: text(result, 'url') ?? '',
  snippet: text(result, 'description') ?? '',
  published: text(result, 'page_age') ?? text(result, 'age'),
  favicon: text(result, 'meta_url', 'favicon') ?? text(result, 'profile', 'img'),
});

export function createBraveBackend(key: string, baseURL: string): SearchBackend {
  return {
    name: 'brave',
    secrets: [key],
    async search(query, io) {
      const wantsNews = query.categories.some((each) => each.trim().toLowerCase() === 'news');
      const params = new URLSearchParams({
        q: query.query,
        count: String(Math.min(query.limit, MAX_COUNT)),
        text_decorations: 'false',
      });
      if (query.timeRange) params.set('freshness', FRESHNESS[query.timeRange]);
      if (wantsNews) params.set('result_filter', 'news,web');
      const body = await requestJSON(
        io,
        `${baseURL}/res/v1/web/search?${params}`,
        {
          headers: {
            'x-subscription-token': key,
            accept: 'application/json',
            'accept-encoding': 'gzip',
          },
        },
        describe,
      );
      const news = wantsNews ? list(body, 'news', 'results').map(hitOf) : [];
      return usableHits([...news, ...list(body, 'web', 'results').map(hitOf)], query.limit);
    },
  };
}
