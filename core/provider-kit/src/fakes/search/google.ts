/**
 * A wire-faithful fake of Google's Custom Search JSON API (Programmable Search;
 * developers.google.com/custom-search/v1, "cse.list" and "Search"): `GET /customsearch/v1?key=…
 * &cx=…&q=…` answers `{kind: "customsearch#search", url, queries, context, searchInformation,
 * items: [{kind, title, htmlTitle, link, displayLink, snippet, htmlSnippet, formattedUrl,
 * pagemap}]}`, `items` left out when there are none. Errors are Google's `{"error": {code,
 * message, errors: [{message, domain, reason}], status, details?}}`: no key 403
 * `PERMISSION_DENIED`, a wrong key 400 `INVALID_ARGUMENT` (`API_KEY_INVALID`), a wrong engine id
 * or bad parameter 400 `INVALID_ARGUMENT`, the daily quota 429 `RESOURCE_EXHAUSTED`.
 */
import {
  sendJSON,
  startSearchService,
  type FakeSearchService,
  type SearchScenario,
} from './server.js';

/** The fake, the key and the engine id (`cx`) it accepts. */
export interface FakeGoogleSearch extends FakeSearchService {
  key: string;
  engineId: string;
}

/** A Google API error body. */
export function googleErrorBody(
  code: number,
  status: string,
  message: string,
  reason: string,
  details?: unknown[],
) {
  return {
    error: {
      code,
      message,
      errors: [{ message, domain: 'global', reason }],
      status,
      ...(details && { details }),
    },
  };
}

/** A Google API error scenario. */
export const googleError = (
  code: number,
  status: string,
  message: string,
  reason = 'badRequest',
): SearchScenario => ({
  kind: 'error',
  status: code,
  body: googleErrorBody(code, status, message, reason),
});

/** The documented daily-quota answer. */
export const googleQuotaExceeded = (): SearchScenario =>
  googleError(
    429,
    'RESOURCE_EXHAUSTED',
    "Quota exceeded for quota metric 'Queries' and limit 'Queries per day' of service 'customsearch.googleapis.com' for consumer 'project_number:000000000000'.",
    'rateLimitExceeded',
  );

const INVALID = googleErrorBody(
  400,
  'INVALID_ARGUMENT',
  'Request contains an invalid argument.',
  'badRequest',
);
const DATE_RESTRICT = /^[dwmy]\d+$/;

/** Start the fake on a free port of 127.0.0.1. */
export async function startFakeGoogleSearch(
  key = 'AIza-test-key-0001',
  engineId = 'test-engine-0001',
): Promise<FakeGoogleSearch> {
  const service = await startSearchService((request, next, response) => {
    if (request.path !== '/customsearch/v1')
      return sendJSON(response, 404, googleErrorBody(404, 'NOT_FOUND', 'Not Found', 'notFound'));
    const { key: sent, cx, q, num, dateRestrict } = request.query;
    if (!sent)
      return sendJSON(
        response,
        403,
        googleErrorBody(
          403,
          'PERMISSION_DENIED',
          "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
          'forbidden',
        ),
      );
    if (sent !== key)
      return sendJSON(
        response,
        400,
        googleErrorBody(
          400,
          'INVALID_ARGUMENT',
          'API key not valid. Please pass a valid API key.',
          'badRequest',
          [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'API_KEY_INVALID',
              domain: 'googleapis.com',
              metadata: { service: 'customsearch.googleapis.com' },
            },
          ],
        ),
      );
    if (cx !== engineId || !q) return sendJSON(response, 400, INVALID);
    if (num !== undefined && !(Number(num) >= 1 && Number(num) <= 10))
      return sendJSON(response, 400, INVALID);
    if (dateRestrict !== undefined && !DATE_RESTRICT.test(dateRestrict))
      return sendJSON(response, 400, INVALID);
    const scenario = next(q);
    if (scenario.kind === 'hang') return 'hang';
    if (scenario.kind === 'error')
      return sendJSON(response, scenario.status, scenario.body, scenario.headers);
    const results = scenario.results.slice(0, Number(num ?? 10));
    const total = String(results.length);
    const page = {
      title: `Google Custom Search - ${q}`,
      totalResults: total,
      searchTerms: q,
      count: results.length,
      startIndex: 1,
      inputEncoding: 'utf8',
      outputEncoding: 'utf8',
      safe: 'off',
      cx,
    };
    sendJSON(response, 200, {
      kind: 'customsearch#search',
      url: {
        type: 'application/json',
        template:
          'https://www.googleapis.com/customsearch/v1?q={searchTerms}&num={count?}&start={startIndex?}&cx={cx?}&key={key?}&alt=json',
      },
      queries: { request: [page] },
      context: { title: 'Manifold test engine' },
      searchInformation: {
        searchTime: 0.21,
        formattedSearchTime: '0.21',
        totalResults: total,
        formattedTotalResults: total,
      },
      ...(results.length > 0 && {
        items: results.map((result) => {
          const url = new URL(result.url);
          return {
            kind: 'customsearch#result',
            title: result.title,
            htmlTitle: result.title.replace(q, `<b>${q}</b>`),
            link: result.url,
            displayLink: url.host,
            snippet: result.content,
            htmlSnippet: result.content.replace(q, `<b>${q}</b>`),
            formattedUrl: result.url,
            htmlFormattedUrl: result.url,
            ...(result.published && {
              pagemap: { metatags: [{ 'article:published_time': result.published }] },
            }),
          };
        }),
      }),
      ...scenario.extra,
    });
  });
  return { ...service, key, engineId };
}
