/**
 * A wire-faithful fake of a SearXNG instance's search API (docs.searxng.org, "Search API";
 * `searx/webapp.py`): `GET /search?q=…&format=json` answers `{query, number_of_results, results,
 * answers, corrections, infoboxes, suggestions, unresponsive_engines}`, each result with `url`,
 * `title`, `content`, `engine`, `engines`, `parsed_url`, `template`, `positions`, `score`,
 * `category`, `publishedDate` (ISO or null), `thumbnail`. A format the instance has not enabled
 * is 403 (an HTML page), no query 400 `{"error": "No query"}`, a bad `time_range` 400
 * `{"error": "Invalid value … for parameter time_range"}`; `/` with a query redirects (308) to
 * `/search`. No authentication.
 */
import type { ServerResponse } from 'node:http';
import {
  sendJSON,
  startSearchService,
  type FakeResult,
  type FakeSearchService,
  type SearchScenario,
} from './server.js';

const TIME_RANGES = ['day', 'week', 'month', 'year'];

/** SearXNG's error body (`index_error` of `searx/webapp.py`). */
export const searxngError = (status: number, message: string): SearchScenario => ({
  kind: 'error',
  status,
  body: { error: message },
});

const FORBIDDEN_PAGE =
  '<!doctype html>\n<html lang=en>\n<title>403 Forbidden</title>\n<h1>Forbidden</h1>\n<p>You don&#39;t have the permission to access the requested resource. It is either read-protected or not readable by the server.</p>\n';

function render(
  query: string,
  categories: string[],
  results: FakeResult[],
  extra: Record<string, unknown> = {},
) {
  return {
    query,
    number_of_results: 0,
    results: results.map((result, index) => {
      const url = new URL(result.url);
      return {
        url: result.url,
        title: result.title,
        content: result.content,
        thumbnail: '',
        engine: 'duckduckgo',
        template: 'default.html',
        parsed_url: [
          url.protocol.slice(0, -1),
          url.host,
          url.pathname,
          '',
          url.search.slice(1),
          '',
        ],
        img_src: '',
        priority: '',
        engines: ['duckduckgo', 'brave'],
        positions: [index + 1],
        score: 2 / (index + 1),
        category: categories[0] ?? 'general',
        publishedDate: result.published ?? null,
      };
    }),
    answers: [],
    corrections: [],
    infoboxes: [],
    suggestions: [],
    unresponsive_engines: [],
    ...extra,
  };
}

/** Start the fake; `formats` are those the instance enables (`search.formats`). */
export function startFakeSearxng(
  formats: readonly string[] = ['html', 'json'],
): Promise<FakeSearchService> {
  return startSearchService((request, next, response: ServerResponse) => {
    const form = {
      ...request.query,
      ...(typeof request.body === 'string'
        ? Object.fromEntries(new URLSearchParams(request.body))
        : {}),
    };
    if (request.path === '/' && form.q) {
      const query = new URLSearchParams(request.query).toString();
      response.writeHead(308, { location: `/search${query ? `?${query}` : ''}` });
      return void response.end();
    }
    if (request.path !== '/search')
      return sendJSON(
        response,
        404,
        '<!doctype html><title>404 Not Found</title><h1>Not Found</h1>',
      );
    const format = ['json', 'csv', 'rss'].includes(form.format ?? '') ? form.format! : 'html';
    if (!formats.includes(format)) return sendJSON(response, 403, FORBIDDEN_PAGE);
    if (format !== 'json') return sendJSON(response, 200, '<!doctype html><title>SearXNG</title>');
    if (!form.q) return sendJSON(response, 400, { error: 'No query' });
    const range = form.time_range;
    if (range && range !== 'None' && !TIME_RANGES.includes(range))
      return sendJSON(response, 400, { error: `Invalid value ${range} for parameter time_range` });
    const scenario = next(form.q);
    if (scenario.kind === 'hang') return 'hang';
    if (scenario.kind === 'error')
      return sendJSON(response, scenario.status, scenario.body, scenario.headers);
    const categories = (form.categories ?? '')
      .split(',')
      .map((each) => each.trim())
      .filter(Boolean);
    sendJSON(response, 200, render(form.q, categories, scenario.results, scenario.extra));
  });
}
