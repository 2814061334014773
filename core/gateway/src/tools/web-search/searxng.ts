/**
 * SearXNG, a self-hosted metasearch engine: `GET /search?q=…&format=json` (docs.searxng.org,
 * "Search API"; the instance must list `json` under `search.formats`, else it answers 403). No key;
 * a user and password in `SEARXNG_URL` (an instance behind basic auth) are sent as the
 * `Authorization` header, never in the URL.
 */
import {
  BackendError,
  list,
  requestJSON,
  text,
  usableHits,
  type SearchBackend,
  type SearchHit,
} from './backend.js';

/** The tool's free-form categories as SearXNG names them (it ignores names it does not know). */
const CATEGORY_ALIASES: Record<string, string> = {
  web: 'general',
  tech: 'it',
  code: 'it',
  programming: 'it',
  research: 'science',
  academic: 'science',
  social: 'social media',
  video: 'videos',
  image: 'images',
};

/** The search URL and headers of an instance URL (`https://user:pass@host/prefix`). */
function endpoint(instance: string): {
  url: string;
  headers: Record<string, string>;
  secrets: string[];
} {
  const parsed = new URL(instance);
  const headers: Record<string, string> = { accept: 'application/json' };
  const secrets: string[] = [];
  if (parsed.username || parsed.password) {
    const user = decodeURIComponent(parsed.username);
    const password = decodeURIComponent(parsed.password);
    const basic = Buffer.from(`${user}:${password}`).toString('base64');
    headers.authorization = `Basic ${basic}`;
    secrets.push(password, basic);
    parsed.username = '';
    parsed.password = '';
  }
  const base = `${parsed.origin}${parsed.pathname.replace(/\/+$/, '')}`;
  return { url: `${base}/search`, headers, secrets };
}

export function createSearxngBackend(instance: string): SearchBackend {
  const { url, headers, secrets } = endpoint(instance);
  return {
    name: 'searxng',
    secrets,
    async search(query, io) {
      const params = new URLSearchParams({ q: query.query, format: 'json', pageno: '1' });
      const categories = [
        ...new Set(
          query.categories.map((each) => {
            const name = each.trim().toLowerCase();
            return CATEGORY_ALIASES[name] ?? name;
          }),
        ),
      ];
      if (categories.length > 0) params.set('categories', categories.join(','));
      if (query.timeRange) params.set('time_range', query.timeRange);
      const body = await requestJSON(io, `${url}?${params}`, { headers }, (error) =>
        text(error, 'error'),
      ).catch((error: unknown) => {
        // SearXNG answers 403 to a format its settings do not enable: say which setting
        if (error instanceof BackendError && error.status === 403)
          throw new BackendError(
            `${error.message} (is "json" listed in search.formats of the instance's settings.yml?)`,
            403,
          );
        throw error;
      });
      const hits: SearchHit[] = list(body, 'results').map((result) => ({
        title: text(result, 'title') ?? '',
        url: text(result, 'url') ?? '',
        snippet: text(result, 'content') ?? '',
        published: text(result, 'publishedDate'),
      }));
      const kept = usableHits(hits, query.limit);
      const silent = list(body, 'unresponsive_engines')
        .map((entry) => (Array.isArray(entry) ? entry.map(String).join(': ') : String(entry)))
        .filter(Boolean);
      if (kept.length === 0 && silent.length > 0)
        throw new BackendError(`no results; engines that failed: ${silent.join(', ')}`);
      return kept;
    },
  };
}
