/**
 * A wire-faithful fake of the Brave Search API's web search (api-dashboard.search.brave.com,
 * "Web search"): `GET /res/v1/web/search?q=…` with `X-Subscription-Token` answers `{type:
 * "search", query, mixed, web: {type, results: [{title, url, description, page_age, age,
 * meta_url, profile…}]}}` (`web` left out when there are none; results in `news` instead when
 * `result_filter` asks for news). Errors are `{"type": "ErrorResponse", "error": {id, status,
 * code, detail, meta}, "time"}`: a missing token or bad parameter 422 `VALIDATION`, a wrong token
 * 422 `SUBSCRIPTION_TOKEN_INVALID`, limits 429 `RATE_LIMITED` / `QUOTA_LIMITED`.
 */
import { randomUUID } from 'node:crypto';
import {
  sendJSON,
  startSearchService,
  type FakeResult,
  type FakeSearchService,
  type SearchScenario,
} from './server.js';

/** The fake and the token it accepts. */
export interface FakeBrave extends FakeSearchService {
  key: string;
}

/** A Brave error body. */
export function braveErrorBody(
  status: number,
  code: string,
  detail: string,
  meta: Record<string, unknown> = {},
) {
  return {
    type: 'ErrorResponse',
    error: { id: randomUUID(), status, code, detail, meta },
    time: Math.floor(Date.now() / 1000),
  };
}

/** A Brave error scenario. */
export const braveError = (
  status: number,
  code: string,
  detail: string,
  meta: Record<string, unknown> = {},
): SearchScenario => ({ kind: 'error', status, body: braveErrorBody(status, code, detail, meta) });

/** The documented rate-limit answer (429 `RATE_LIMITED`). */
export const braveRateLimited = (): SearchScenario =>
  braveError(429, 'RATE_LIMITED', 'Request rate limit exceeded for plan.', {
    plan: 'Free',
    rate_limit: 1,
    rate_current: 2,
    quota_limit: 2000,
    quota_current: 41,
    component: 'rate_limiter',
  });

const validation = (loc: string[], type: string, msg: string, input: unknown) =>
  braveErrorBody(422, 'VALIDATION', 'Unable to validate request parameter(s)', {
    errors: [{ type, loc, msg, input }],
  });

const FRESHNESS = /^(pd|pw|pm|py|\d{4}-\d{2}-\d{2}to\d{4}-\d{2}-\d{2})$/;

const rendered = (result: FakeResult, type: 'search_result' | 'news_result') => {
  const url = new URL(result.url);
  return {
    type,
    title: result.title,
    url: result.url,
    description: result.content,
    ...(result.published && { page_age: result.published.replace(/Z$/, ''), age: '2 days ago' }),
    profile: {
      name: url.hostname,
      url: url.origin,
      long_name: url.hostname,
      img: `https://imgs.search.brave.com/${url.hostname}/favicon.png`,
    },
    language: 'en',
    family_friendly: true,
    is_source_local: false,
    is_source_both: false,
    meta_url: {
      scheme: url.protocol.slice(0, -1),
      netloc: url.host,
      hostname: url.hostname,
      favicon: result.favicon ?? `https://imgs.search.brave.com/${url.hostname}/favicon.png`,
      path: url.pathname,
    },
  };
};

/** Start the fake on a free port of 127.0.0.1. */
export async function startFakeBrave(key = 'BSA-test-token-0001'): Promise<FakeBrave> {
  const service = await startSearchService((request, next, response) => {
    if (request.path !== '/res/v1/web/search')
      return sendJSON(response, 404, braveErrorBody(404, 'NOT_FOUND', 'Not found.'));
    const token = request.headers['x-subscription-token'];
    if (token === undefined)
      return sendJSON(
        response,
        422,
        validation(['header', 'x-subscription-token'], 'missing', 'Field required', null),
      );
    if (token !== key)
      return sendJSON(
        response,
        422,
        braveErrorBody(
          422,
          'SUBSCRIPTION_TOKEN_INVALID',
          'The provided subscription token is invalid.',
          {
            component: 'authentication',
          },
        ),
      );
    const { q, count, freshness, result_filter: filter } = request.query;
    if (!q)
      return sendJSON(response, 422, validation(['query', 'q'], 'missing', 'Field required', null));
    if (q.length > 400)
      return sendJSON(
        response,
        422,
        validation(
          ['query', 'q'],
          'string_too_long',
          'String should have at most 400 characters',
          q,
        ),
      );
    if (count !== undefined && !(Number(count) >= 1 && Number(count) <= 20))
      return sendJSON(
        response,
        422,
        validation(
          ['query', 'count'],
          'less_than_equal',
          'Input should be less than or equal to 20',
          count,
        ),
      );
    if (freshness !== undefined && !FRESHNESS.test(freshness))
      return sendJSON(
        response,
        422,
        validation(['query', 'freshness'], 'value_error', 'Invalid freshness value', freshness),
      );
    const scenario = next(q);
    if (scenario.kind === 'hang') return 'hang';
    if (scenario.kind === 'error')
      return sendJSON(response, scenario.status, scenario.body, scenario.headers);
    const news = (filter ?? '').split(',').includes('news');
    const results = scenario.results.slice(0, Number(count ?? 20));
    const section = news
      ? { news: { type: 'news', results: results.map((each) => rendered(each, 'news_result')) } }
      : results.length > 0
        ? {
            web: {
              type: 'search',
              results: results.map((each) => rendered(each, 'search_result')),
              family_friendly: true,
            },
          }
        : {};
    sendJSON(
      response,
      200,
      {
        type: 'search',
        query: {
          original: q,
          show_strict_warning: false,
          spellcheck_off: true,
          more_results_available: false,
        },
        mixed: {
          type: 'mixed',
          main: results.map((_, index) => ({ type: news ? 'news' : 'web', index, all: false })),
          top: [],
          side: [],
        },
        ...section,
        ...scenario.extra,
      },
      {
        'x-ratelimit-limit': '1, 2000',
        'x-ratelimit-remaining': '0, 1958',
        'x-ratelimit-reset': '1, 2419200',
      },
    );
  });
  return { ...service, key };
}
