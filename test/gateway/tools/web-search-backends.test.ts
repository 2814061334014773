/**
 * Each search backend of the web-search tool against its wire-faithful fake: the request it sends
 * (path, authentication, the categories and time range in the service's own parameters), how its
 * answer reads, its documented errors, and an empty answer falling over to the next backend.
 */
import t, { type Test } from 'tap';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { createWebSearchSource } from '@manifold/gateway/tools/web-search/index';
import { startFakeSearxng, searxngError } from '@manifold/provider-kit/fakes/search/searxng';
import {
  startFakeTavily,
  tavilyError,
  TAVILY_ERRORS,
} from '@manifold/provider-kit/fakes/search/tavily';
import { startFakeBrave, braveRateLimited } from '@manifold/provider-kit/fakes/search/brave';
import { startFakeExa, exaError } from '@manifold/provider-kit/fakes/search/exa';
import {
  startFakeGoogleSearch,
  googleQuotaExceeded,
} from '@manifold/provider-kit/fakes/search/google';
import type { FakeSearchService } from '@manifold/provider-kit/fakes/search/server';
import { callContext } from './web-search-helpers.js';

type Env = Record<string, string>;

async function search(env: Env, args: Record<string, unknown>) {
  const source = createWebSearchSource(env);
  if (!source) throw new Error('no web-search source');
  return source.call('web-search', 'search', args, callContext());
}

/** The PluginGatewayError a search rejects with. */
async function searchFailure(t: Test, env: Env, args: Record<string, unknown>) {
  const error = await search(env, args).then(
    () => undefined,
    (error: unknown) => error,
  );
  t.type(error, ManifoldError);
  t.equal((error as ManifoldError).errorType, 'PluginGatewayError');
  return String((error as ManifoldError).body.message);
}

async function started<T extends FakeSearchService>(t: Test, fake: Promise<T>): Promise<T> {
  const service = await fake;
  t.teardown(() => service.close());
  return service;
}

t.test(
  'SearXNG is asked for JSON with the categories and time range as it names them',
  async (t) => {
    const searxng = await started(t, startFakeSearxng());
    const result = await search(
      { SEARXNG_URL: `${searxng.url}/` },
      { query: 'rust async', categories: ['news', 'web', 'code'], timeRange: 'week' },
    );
    t.equal(searxng.requests.length, 1);
    t.match(searxng.requests[0], {
      method: 'GET',
      path: '/search',
      query: {
        q: 'rust async',
        format: 'json',
        categories: 'news,general,it',
        time_range: 'week',
        pageno: '1',
      },
    });
    t.notOk(searxng.requests[0]!.headers.authorization, 'no credentials were configured');
    t.match(result.text, /^Web search results for "rust async" \(via searxng\):/);
    t.match(
      result.text,
      '[1] rust async — overview\nURL: https://docs.example.com/rust-async\nPublished: 2025-03-01\nEverything about rust async.',
    );
    t.match(
      result.text,
      '[2] News on rust async\nURL: https://news.example.org/rust-async\nThe latest on rust async.',
    );
    t.same(result.grounding, {
      citations: [
        {
          title: 'rust async — overview',
          url: 'https://docs.example.com/rust-async',
          favicon: 'https://docs.example.com/favicon.ico',
        },
        {
          title: 'News on rust async',
          url: 'https://news.example.org/rust-async',
          favicon: 'https://news.example.org/favicon.ico',
        },
      ],
      searchQueries: ['rust async'],
    });
  },
);

t.test('a user and password in SEARXNG_URL go as basic auth, never in a message', async (t) => {
  const searxng = await started(t, startFakeSearxng());
  const url = searxng.url.replace('http://', 'http://alice:s3cret-pass@');
  await search({ SEARXNG_URL: url }, { query: 'q' });
  t.equal(
    searxng.requests[0]!.headers.authorization,
    `Basic ${Buffer.from('alice:s3cret-pass').toString('base64')}`,
  );
  searxng.reply(searxngError(500, 'search error: s3cret-pass'));
  const message = await searchFailure(t, { SEARXNG_URL: url }, { query: 'q' });
  t.match(message, 'searxng: HTTP 500 Internal Server Error: search error: ****');
  t.notMatch(message, 's3cret-pass');
});

t.test('a SearXNG instance without the JSON format says which setting to change', async (t) => {
  const searxng = await started(t, startFakeSearxng(['html']));
  const message = await searchFailure(t, { SEARXNG_URL: searxng.url }, { query: 'q' });
  t.match(message, /searxng: HTTP 403 Forbidden: .*search\.formats/);
});

t.test('SearXNG without results names the engines that failed', async (t) => {
  const searxng = await started(t, startFakeSearxng());
  searxng.reply({
    kind: 'results',
    results: [],
    extra: {
      unresponsive_engines: [
        ['google', 'timeout'],
        ['brave', 'too many requests'],
      ],
    },
  });
  const message = await searchFailure(t, { SEARXNG_URL: searxng.url }, { query: 'q' });
  t.match(
    message,
    'searxng: no results; engines that failed: google: timeout, brave: too many requests',
  );
});

t.test(
  'Tavily gets a bearer key, its topic and time range, and gives favicons and dates',
  async (t) => {
    const tavily = await started(t, startFakeTavily());
    const result = await search(
      { TAVILY_API_KEY: tavily.key, TAVILY_BASE_URL: tavily.url },
      { query: 'election results', categories: ['news'], timeRange: 'month' },
    );
    t.match(tavily.requests[0], {
      method: 'POST',
      path: '/search',
      headers: { authorization: `Bearer ${tavily.key}`, 'content-type': 'application/json' },
    });
    t.same(tavily.requests[0]!.body, {
      query: 'election results',
      topic: 'news',
      search_depth: 'basic',
      max_results: 10,
      include_answer: false,
      include_raw_content: false,
      include_images: false,
      include_favicon: true,
      time_range: 'month',
    });
    t.match(result.text, 'via tavily');
    t.match(result.text, 'Published: Sat, 01 Mar 2025 10:00:00 GMT');
    t.equal(result.grounding?.citations[0]?.favicon, 'https://docs.example.com/favicon.png');
  },
);

t.test('Tavily asks for finance as its own topic and everything else as general', async (t) => {
  const tavily = await started(t, startFakeTavily());
  const env = { TAVILY_API_KEY: tavily.key, TAVILY_BASE_URL: tavily.url };
  await search(env, { query: 'q', categories: ['finance'] });
  await search(env, { query: 'q', categories: ['science'] });
  t.same(
    tavily.requests.map((request) => (request.body as { topic: string }).topic),
    ['finance', 'general'],
  );
});

t.test("Tavily's documented errors are reported, without the key", async (t) => {
  const tavily = await started(t, startFakeTavily());
  const message = await searchFailure(
    t,
    { TAVILY_API_KEY: 'tvly-wrong-key-123', TAVILY_BASE_URL: tavily.url },
    { query: 'q' },
  );
  t.equal(
    message,
    `Every search backend failed: tavily: HTTP 401 Unauthorized: ${TAVILY_ERRORS.unauthorized}`,
  );
  t.notMatch(message, 'tvly-wrong-key-123');
  tavily.reply(tavilyError(432, TAVILY_ERRORS.planLimit));
  t.match(
    await searchFailure(
      t,
      { TAVILY_API_KEY: tavily.key, TAVILY_BASE_URL: tavily.url },
      { query: 'q' },
    ),
    `tavily: HTTP 432: ${TAVILY_ERRORS.planLimit}`,
  );
});

t.test('Brave gets its token header, count, freshness and plain-text snippets', async (t) => {
  const brave = await started(t, startFakeBrave());
  const result = await search(
    { BRAVE_API_KEY: brave.key, BRAVE_BASE_URL: brave.url },
    { query: 'zig allocators', timeRange: 'day' },
  );
  t.match(brave.requests[0], {
    method: 'GET',
    path: '/res/v1/web/search',
    headers: { 'x-subscription-token': brave.key, accept: 'application/json' },
  });
  t.same(brave.requests[0]!.query, {
    q: 'zig allocators',
    count: '10',
    text_decorations: 'false',
    freshness: 'pd',
  });
  t.match(result.text, 'via brave');
  t.match(result.text, 'Published: 2025-03-01');
  t.equal(
    result.grounding?.citations[0]?.favicon,
    'https://imgs.search.brave.com/docs.example.com/favicon.png',
    "Brave's own favicon",
  );
});

t.test(
  'Brave is asked for news results when the categories say news, and they are read',
  async (t) => {
    const brave = await started(t, startFakeBrave());
    const result = await search(
      { BRAVE_API_KEY: brave.key, BRAVE_BASE_URL: brave.url },
      { query: 'q', categories: ['news'] },
    );
    t.equal(brave.requests[0]!.query.result_filter, 'news,web');
    t.equal(result.grounding?.citations.length, 2);
  },
);

t.test("Brave's token refusal and rate limit are reported as it words them", async (t) => {
  const brave = await started(t, startFakeBrave());
  const message = await searchFailure(
    t,
    { BRAVE_API_KEY: 'BSA-wrong-token', BRAVE_BASE_URL: brave.url },
    { query: 'q' },
  );
  t.match(
    message,
    'brave: HTTP 422 Unprocessable Entity: SUBSCRIPTION_TOKEN_INVALID: The provided subscription token is invalid.',
  );
  t.notMatch(message, 'BSA-wrong-token');
  brave.reply(braveRateLimited());
  t.match(
    await searchFailure(t, { BRAVE_API_KEY: brave.key, BRAVE_BASE_URL: brave.url }, { query: 'q' }),
    'brave: HTTP 429 Too Many Requests: RATE_LIMITED: Request rate limit exceeded for plan.',
  );
});

t.test('Exa gets its key header, a category, a start date and asks for highlights', async (t) => {
  const exa = await started(t, startFakeExa());
  const before = Date.now();
  const result = await search(
    { EXA_API_KEY: exa.key, EXA_BASE_URL: exa.url },
    { query: 'llm evals', categories: ['it', 'science'], timeRange: 'week' },
  );
  t.match(exa.requests[0], {
    method: 'POST',
    path: '/search',
    headers: { 'x-api-key': exa.key },
    body: {
      query: 'llm evals',
      type: 'auto',
      numResults: 10,
      category: 'research paper',
      contents: { highlights: { maxCharacters: 500 } },
    },
  });
  const start = Date.parse(
    (exa.requests[0]!.body as { startPublishedDate: string }).startPublishedDate,
  );
  t.ok(Math.abs(before - 7 * 86_400_000 - start) < 60_000, 'a week back');
  t.match(result.text, 'via exa');
  t.match(result.text, 'Everything about llm evals.', 'the highlight is the snippet');
  t.equal(result.grounding?.citations[0]?.favicon, 'https://docs.example.com/favicon.ico');
});

t.test("Exa's errors are reported with their tag", async (t) => {
  const exa = await started(t, startFakeExa());
  const message = await searchFailure(
    t,
    { EXA_API_KEY: 'exa-wrong-key', EXA_BASE_URL: exa.url },
    { query: 'q' },
  );
  t.match(message, 'exa: HTTP 401 Unauthorized: INVALID_API_KEY: Invalid API key');
  exa.reply(exaError(402, 'NO_MORE_CREDITS', 'You have run out of credits.'));
  t.match(
    await searchFailure(t, { EXA_API_KEY: exa.key, EXA_BASE_URL: exa.url }, { query: 'q' }),
    'exa: HTTP 402 Payment Required: NO_MORE_CREDITS: You have run out of credits.',
  );
});

t.test(
  'Google gets the key and engine id as query parameters and a date restriction',
  async (t) => {
    const google = await started(t, startFakeGoogleSearch());
    const result = await search(
      {
        GOOGLE_PSE_API_KEY: google.key,
        GOOGLE_PSE_ENGINE_ID: google.engineId,
        GOOGLE_PSE_BASE_URL: google.url,
      },
      { query: 'webgpu', timeRange: 'year', categories: ['it'] },
    );
    t.match(google.requests[0], { method: 'GET', path: '/customsearch/v1' });
    t.same(google.requests[0]!.query, {
      key: google.key,
      cx: google.engineId,
      q: 'webgpu',
      num: '10',
      dateRestrict: 'y1',
    });
    t.match(result.text, 'via google');
    t.match(result.text, 'Published: 2025-03-01', 'from the page metatags');
  },
);

t.test(
  "Google's wrong key and quota are reported; the key in the URL is never shown",
  async (t) => {
    const google = await started(t, startFakeGoogleSearch());
    const env = { GOOGLE_PSE_ENGINE_ID: google.engineId, GOOGLE_PSE_BASE_URL: google.url };
    const message = await searchFailure(
      t,
      { ...env, GOOGLE_PSE_API_KEY: 'AIza-wrong-key-9' },
      { query: 'q' },
    );
    t.match(
      message,
      'google: HTTP 400 Bad Request: INVALID_ARGUMENT: API key not valid. Please pass a valid API key.',
    );
    t.notMatch(message, 'AIza-wrong-key-9');
    google.reply(googleQuotaExceeded());
    t.match(
      await searchFailure(t, { ...env, GOOGLE_PSE_API_KEY: google.key }, { query: 'q' }),
      "google: HTTP 429 Too Many Requests: RESOURCE_EXHAUSTED: Quota exceeded for quota metric 'Queries'",
    );
  },
);

/** Each backend, how to start its fake and configure it (the key its fake takes). */
const BACKENDS: Array<{
  name: string;
  start: () => Promise<FakeSearchService & { key?: string; engineId?: string }>;
  env: (fake: FakeSearchService & { key?: string; engineId?: string }) => Env;
}> = [
  { name: 'searxng', start: () => startFakeSearxng(), env: (fake) => ({ SEARXNG_URL: fake.url }) },
  {
    name: 'tavily',
    start: () => startFakeTavily(),
    env: (fake) => ({ TAVILY_API_KEY: fake.key!, TAVILY_BASE_URL: fake.url }),
  },
  {
    name: 'brave',
    start: () => startFakeBrave(),
    env: (fake) => ({ BRAVE_API_KEY: fake.key!, BRAVE_BASE_URL: fake.url }),
  },
  {
    name: 'exa',
    start: () => startFakeExa(),
    env: (fake) => ({ EXA_API_KEY: fake.key!, EXA_BASE_URL: fake.url }),
  },
  {
    name: 'google',
    start: () => startFakeGoogleSearch(),
    env: (fake) => ({
      GOOGLE_PSE_API_KEY: fake.key!,
      GOOGLE_PSE_ENGINE_ID: fake.engineId!,
      GOOGLE_PSE_BASE_URL: fake.url,
    }),
  },
];

for (const backend of BACKENDS) {
  t.test(`an empty answer from ${backend.name} falls over to the next backend`, async (t) => {
    const fake = await started(t, backend.start());
    const next = BACKENDS.find((each) => each.name !== backend.name)!;
    const other = await started(t, next.start());
    fake.reply({ kind: 'results', results: [] });
    const result = await search(
      {
        ...backend.env(fake),
        ...next.env(other),
        SEARCH_PROVIDERS: `${backend.name},${next.name}`,
      },
      { query: 'nothing here' },
    );
    t.equal(fake.requests.length, 1, `${backend.name} was asked`);
    t.equal(other.requests.length, 1, `${next.name} was asked next`);
    t.match(result.text, `via ${next.name}`);
  });
}
