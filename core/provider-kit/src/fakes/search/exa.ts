/**
 * A wire-faithful fake of Exa's search (exa.ai/docs, "Search" and "Error codes"): `POST /search`
 * with `x-api-key` (or `Authorization: Bearer`) and `{query, type, numResults, category,
 * startPublishedDate, contents}` answers `{requestId, resolvedSearchType, searchType, results:
 * [{id, url, title, publishedDate, author, favicon, image, highlights?, highlightScores?, text?,
 * summary?}], costDollars}`, contents as asked. Errors are `{requestId, error, tag}`: 401
 * `INVALID_API_KEY`, 400 `INVALID_REQUEST_BODY`, 402 `NO_MORE_CREDITS`, 429…
 */
import { randomBytes } from 'node:crypto';
import {
  sendJSON,
  startSearchService,
  type FakeSearchService,
  type SearchScenario,
} from './server.js';

/** The fake and the key it accepts. */
export interface FakeExa extends FakeSearchService {
  key: string;
}

const requestId = () => randomBytes(16).toString('hex');

/** An Exa error scenario (`{requestId, error, tag}`). */
export const exaError = (status: number, tag: string, message: string): SearchScenario => ({
  kind: 'error',
  status,
  body: { requestId: requestId(), error: message, tag },
});

const CATEGORIES = [
  'company',
  'research paper',
  'news',
  'pdf',
  'github',
  'tweet',
  'personal site',
  'linkedin profile',
  'financial report',
  'people',
];
const TYPES = ['auto', 'neural', 'keyword', 'fast', 'hybrid', 'instant', 'deep', 'deep-lite'];

const badBody = (message: string) => ({
  requestId: requestId(),
  error: `Invalid request body | Validation error: ${message}`,
  tag: 'INVALID_REQUEST_BODY',
});

/** Why a search body is refused, or undefined. */
function invalid(body: Record<string, unknown>): string | undefined {
  if (typeof body.query !== 'string')
    return `Invalid input: expected string, received ${body.query === undefined ? 'undefined' : typeof body.query} at "query"`;
  if (body.type !== undefined && !TYPES.includes(String(body.type)))
    return `Invalid option: expected one of ${TYPES.map((each) => `"${each}"`).join('|')} at "type"`;
  if (body.category !== undefined && !CATEGORIES.includes(String(body.category)))
    return `Invalid option: expected one of ${CATEGORIES.map((each) => `"${each}"`).join('|')} at "category"`;
  const count = body.numResults;
  if (count !== undefined && (typeof count !== 'number' || count < 1 || count > 100))
    return 'Too big: expected number to be <=100 at "numResults"';
  if (
    body.startPublishedDate !== undefined &&
    Number.isNaN(Date.parse(String(body.startPublishedDate)))
  )
    return 'Invalid ISO datetime at "startPublishedDate"';
  return undefined;
}

/** Start the fake on a free port of 127.0.0.1. */
export async function startFakeExa(key = 'exa-test-key-0001'): Promise<FakeExa> {
  const service = await startSearchService((request, next, response) => {
    if (request.method !== 'POST' || request.path !== '/search')
      return sendJSON(response, 404, {
        requestId: requestId(),
        error: 'Not found',
        tag: 'NOT_FOUND',
      });
    const sent =
      request.headers['x-api-key'] ?? request.headers.authorization?.replace(/^Bearer /, '');
    if (sent !== key)
      return sendJSON(response, 401, {
        requestId: requestId(),
        error: 'Invalid API key',
        tag: 'INVALID_API_KEY',
      });
    const body = (typeof request.body === 'object' && request.body ? request.body : {}) as Record<
      string,
      unknown
    >;
    const problem = invalid(body);
    if (problem) return sendJSON(response, 400, badBody(problem));
    const query = String(body.query);
    const scenario = next(query);
    if (scenario.kind === 'hang') return 'hang';
    if (scenario.kind === 'error')
      return sendJSON(response, scenario.status, scenario.body, scenario.headers);
    const contents = (body.contents ?? {}) as Record<string, unknown>;
    sendJSON(response, 200, {
      requestId: requestId(),
      resolvedSearchType: 'neural',
      searchType: body.type ?? 'auto',
      results: scenario.results.slice(0, Number(body.numResults ?? 10)).map((result) => ({
        id: result.url,
        title: result.title,
        url: result.url,
        publishedDate: result.published ?? null,
        author: null,
        image: null,
        favicon: result.favicon ?? `${new URL(result.url).origin}/favicon.ico`,
        ...(Boolean(contents.text) && { text: `${result.title}\n\n${result.content}` }),
        ...(Boolean(contents.highlights) && {
          highlights: [result.content],
          highlightScores: [0.42],
        }),
        ...(Boolean(contents.summary) && { summary: result.content }),
      })),
      costDollars: { total: 0.005, search: { neural: 0.005 } },
      searchTime: 312,
      ...scenario.extra,
    });
  });
  return { ...service, key };
}
