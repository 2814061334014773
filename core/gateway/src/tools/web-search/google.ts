/**
 * Google Programmable Search (Custom Search JSON API): `GET /customsearch/v1?key=…&cx=…&q=…`
 * (developers.google.com/custom-search/v1). At most 10 results a call; no `items` when there are
 * none. Errors are Google's `{"error": {code, message, errors, status, details}}`: a wrong key is
 * 400 `INVALID_ARGUMENT`, no key 403 `PERMISSION_DENIED`, the daily quota 429
 * `RESOURCE_EXHAUSTED`.
 */
import {
  list,
  requestJSON,
  text,
  usableHits,
  type SearchBackend,
  type SearchHit,
  type TimeRange,
} from './backend.js';

/** `dateRestrict`: the past day, week, month or year. */
const DATE_RESTRICT: Record<TimeRange, string> = { day: 'd1', week: 'w1', month: 'm1', year: 'y1' };

/** Google's most results per call. */
const MAX_NUM = 10;

/** `STATUS: message` of a Google error body. */
function describe(body: unknown): string | undefined {
  const message = text(body, 'error', 'message');
  const status = text(body, 'error', 'status');
  if (!message && !status) return undefined;
  return [status, message].filter(Boolean).join(': ');
}

/** The publication date a page's metatags state, when they do. */
function published(item: unknown): string | undefined {
  const tags = list(item, 'pagemap', 'metatags')[0];
  return (
    text(tags, 'article:published_time') ??
    text(tags, 'og:article:published_time') ??
    text(tags, 'datepublished') ??
    text(tags, 'date')
  );
}

export function createGoogleBackend(key: string, engineId: string, baseURL: string): SearchBackend {
  return {
    name: 'google',
    secrets: [key],
    async search(query, io) {
      const params = new URLSearchParams({
        key,
        cx: engineId,
        q: query.query,
        num: String(Math.min(query.limit, MAX_NUM)),
      });
      if (query.timeRange) params.set('dateRestrict', DATE_RESTRICT[query.timeRange]);
      const body = await requestJSON(
        io,
        `${baseURL}/customsearch/v1?${params}`,
        { headers: { accept: 'application/json', 'accept-encoding': 'gzip' } },
        describe,
      );
      const hits: SearchHit[] = list(body, 'items').map((item) => ({
        title: text(item, 'title') ?? '',
        url: text(item, 'link') ?? '',
        snippet: text(item, 'snippet') ?? '',
        published: published(item),
      }));
      return usableHits(hits, query.limit);
    },
  };
}
