/**
 * A wire-faithful fake of the Tavily Search API (docs.tavily.com, API reference "Tavily Search",
 * its OpenAPI): `POST /search` with `Authorization: Bearer <key>` and a JSON body `{query, topic,
 * search_depth, max_results, time_range, include_favicon…}` answers `{query, answer, images,
 * results: [{title, url, content, score, raw_content, favicon?, published_date? (news)}],
 * response_time, request_id}`. Every error is `{"detail": {"error": "…"}}`: 400 for a bad body,
 * 401 for a missing or wrong key, 429 (rate), 432 (plan limit), 433 (pay-as-you-go limit).
 */
import { randomUUID } from 'node:crypto';
import {
  sendJSON,
  startSearchService,
  type FakeSearchService,
  type SearchScenario,
} from './server.js';

/** The fake and the key it accepts. */
export interface FakeTavily extends FakeSearchService {
  key: string;
}

/** A Tavily error (`{"detail": {"error": message}}`). */
export const tavilyError = (status: number, message: string): SearchScenario => ({
  kind: 'error',
  status,
  body: { detail: { error: message } },
});

/** The documented errors, word for word. */
export const TAVILY_ERRORS = {
  unauthorized: 'Unauthorized: missing or invalid API key.',
  rateLimited:
    'Your request has been blocked due to excessive requests. Please reduce rate of requests.',
  planLimit:
    "This request exceeds your plan's set usage limit. Please upgrade your plan or contact support@tavily.com",
  payGoLimit:
    'This request exceeds the pay-as-you-go limit. You can increase your limit on the Tavily dashboard.',
} as const;

const ENUMS: Record<string, readonly string[]> = {
  topic: ['general', 'news', 'finance'],
  search_depth: ['basic', 'advanced', 'fast', 'ultra-fast'],
  time_range: ['day', 'week', 'month', 'year', 'd', 'w', 'm', 'y'],
};

/** Why a search body is refused, or undefined. */
function invalid(body: Record<string, unknown>): string | undefined {
  if (typeof body.query !== 'string' || !body.query.trim()) return 'Query is missing.';
  for (const [name, allowed] of Object.entries(ENUMS)) {
    const value = body[name];
    if (value !== undefined && value !== null && !allowed.includes(String(value)))
      return `Invalid ${name}. Must be one of ${allowed.map((each) => `'${each}'`).join(', ')}.`;
  }
  const max = body.max_results;
  if (max !== undefined && (typeof max !== 'number' || max < 0 || max > 20))
    return 'max_results must be between 0 and 20.';
  return undefined;
}

/** Start the fake on a free port of 127.0.0.1. */
export async function startFakeTavily(key = 'tvly-test-key-0001'): Promise<FakeTavily> {
  const service = await startSearchService((request, next, response) => {
    if (request.method !== 'POST' || request.path !== '/search')
      return sendJSON(response, 404, { detail: 'Not Found' });
    if (request.headers.authorization !== `Bearer ${key}`)
      return sendJSON(response, 401, { detail: { error: TAVILY_ERRORS.unauthorized } });
    const body = (typeof request.body === 'object' && request.body ? request.body : {}) as Record<
      string,
      unknown
    >;
    const problem = invalid(body);
    if (problem) return sendJSON(response, 400, { detail: { error: problem } });
    const query = String(body.query);
    const scenario = next(query);
    if (scenario.kind === 'hang') return 'hang';
    if (scenario.kind === 'error')
      return sendJSON(response, scenario.status, scenario.body, scenario.headers);
    const news = body.topic === 'news';
    sendJSON(response, 200, {
      query,
      follow_up_questions: null,
      answer: null,
      images: [],
      results: scenario.results.map((result, index) => ({
        url: result.url,
        title: result.title,
        content: result.content,
        score: Math.round((0.9 - index * 0.1) * 1000) / 1000,
        raw_content: null,
        ...(body.include_favicon === true && {
          favicon: result.favicon ?? `${new URL(result.url).origin}/favicon.png`,
        }),
        ...(news &&
          result.published && { published_date: new Date(result.published).toUTCString() }),
      })),
      response_time: 0.92,
      request_id: randomUUID(),
      ...scenario.extra,
    });
  });
  return { ...service, key };
}
