/**
 * The web-search tool as a whole: listed only when a backend is configured, its manifest, the
 * order backends are tried in (`SEARCH_PROVIDERS`), fall-over, the failure naming every backend
 * without a key, time limits, an abort, and configuration mistakes.
 */
import t, { type Test } from 'tap';
import { createServer } from 'node:net';
import { Compile } from 'typebox/compile';
import { ToolManifestSchema } from '@manifold/core/contract/tool-manifest';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { ConfigError } from '@manifold/gateway/config';
import { createWebSearchSource } from '@manifold/gateway/tools/web-search/index';
import { startFakeSearxng, searxngError } from '@manifold/provider-kit/fakes/search/searxng';
import { startFakeTavily, tavilyError } from '@manifold/provider-kit/fakes/search/tavily';
import { startFakeBrave, braveError } from '@manifold/provider-kit/fakes/search/brave';
import { startFakeExa, exaError } from '@manifold/provider-kit/fakes/search/exa';
import { startFakeGoogleSearch } from '@manifold/provider-kit/fakes/search/google';
import type { FakeSearchService, SearchScenario } from '@manifold/provider-kit/fakes/search/server';
import { callContext } from './web-search-helpers.js';

async function started<T extends FakeSearchService>(t: Test, fake: Promise<T>): Promise<T> {
  const service = await fake;
  t.teardown(() => service.close());
  return service;
}

/** All five fakes and an environment configuring each. */
async function allFive(t: Test) {
  const searxng = await started(t, startFakeSearxng());
  const tavily = await started(t, startFakeTavily());
  const brave = await started(t, startFakeBrave());
  const exa = await started(t, startFakeExa());
  const google = await started(t, startFakeGoogleSearch());
  const env: Record<string, string> = {
    SEARXNG_URL: searxng.url,
    TAVILY_API_KEY: tavily.key,
    TAVILY_BASE_URL: tavily.url,
    BRAVE_API_KEY: brave.key,
    BRAVE_BASE_URL: brave.url,
    EXA_API_KEY: exa.key,
    EXA_BASE_URL: exa.url,
    GOOGLE_PSE_API_KEY: google.key,
    GOOGLE_PSE_ENGINE_ID: google.engineId,
    GOOGLE_PSE_BASE_URL: google.url,
  };
  return { searxng, tavily, brave, exa, google, env };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const empty = (): SearchScenario => ({ kind: 'results', results: [] });

t.test('without a configured backend the tool is not offered', async (t) => {
  t.equal(createWebSearchSource({}), undefined);
  t.equal(
    createWebSearchSource({ TAVILY_BASE_URL: 'http://127.0.0.1:1', SEARXNG_URL: ' ' }),
    undefined,
  );
});

t.test('the manifest is the built-in web-search tool with search and crawl', async (t) => {
  const source = createWebSearchSource({ SEARXNG_URL: 'http://127.0.0.1:8888' })!;
  const [manifest] = source.manifests();
  t.ok(Compile(ToolManifestSchema).Check(manifest), 'a valid ToolManifest');
  t.match(manifest, {
    identifier: 'web-search',
    type: 'builtin',
    source: 'builtin',
    meta: { title: 'Web search' },
  });
  const [searchApi, crawlApi] = manifest!.api;
  t.match(searchApi, {
    name: 'search',
    parameters: {
      type: 'object',
      required: ['query'],
      additionalProperties: false,
      properties: {
        query: { type: 'string' },
        categories: { type: 'array', items: { type: 'string' } },
        timeRange: { type: 'string', enum: ['day', 'week', 'month', 'year'] },
      },
    },
  });
  t.match(crawlApi, {
    name: 'crawl',
    parameters: {
      type: 'object',
      required: ['urls'],
      additionalProperties: false,
      properties: { urls: { type: 'array', minItems: 1, maxItems: 5, items: { type: 'string' } } },
    },
  });
  t.match(manifest!.systemRole, /`search`/);
  t.match(manifest!.systemRole, /`crawl`/);
  t.match(manifest!.systemRole, /cite/);
  t.notMatch(JSON.stringify(manifest), '127.0.0.1', 'no configuration in the public manifest');
});

t.test('by default every configured backend is tried, in the documented order', async (t) => {
  const fakes = await allFive(t);
  for (const fake of [fakes.searxng, fakes.tavily, fakes.brave, fakes.exa, fakes.google])
    fake.reply({ kind: 'error', status: 503, body: 'down for maintenance' });
  const error = await createWebSearchSource(fakes.env)!
    .call('web-search', 'search', { query: 'q' }, callContext())
    .catch((error: unknown) => error as ManifoldError);
  t.match(
    (error as ManifoldError).body.message,
    /^Every search backend failed: searxng: HTTP 503 .*; tavily: HTTP 503 .*; brave: HTTP 503 .*; exa: HTTP 503 .*; google: HTTP 503 Service Unavailable: down for maintenance$/,
  );
});

t.test(
  'SEARCH_PROVIDERS sets the order and leaves out the backends it does not name',
  async (t) => {
    const fakes = await allFive(t);
    fakes.google.reply(empty());
    const result = await createWebSearchSource({
      ...fakes.env,
      SEARCH_PROVIDERS: ' Google , brave,google',
    })!.call('web-search', 'search', { query: 'q' }, callContext());
    t.match(result.text, 'via brave');
    t.equal(fakes.google.requests.length, 1, 'google first');
    t.equal(fakes.brave.requests.length, 1, 'brave next');
    t.equal(
      fakes.searxng.requests.length + fakes.tavily.requests.length + fakes.exa.requests.length,
      0,
    );
  },
);

t.test(
  'every backend failing is a PluginGatewayError naming each cause, never a key',
  async (t) => {
    const fakes = await allFive(t);
    const wrong = {
      TAVILY_API_KEY: 'tvly-secret-wrong-1',
      BRAVE_API_KEY: 'BSA-secret-wrong-2',
      EXA_API_KEY: 'exa-secret-wrong-3',
      GOOGLE_PSE_API_KEY: 'AIza-secret-wrong-4',
    };
    fakes.searxng.reply(searxngError(500, 'search error'));
    const context = callContext();
    const error = await createWebSearchSource({ ...fakes.env, ...wrong })!
      .call('web-search', 'search', { query: 'q' }, context)
      .catch((error: unknown) => error);
    t.type(error, ManifoldError);
    const failure = error as ManifoldError;
    t.equal(failure.errorType, 'PluginGatewayError');
    t.match(failure.body, { identifier: 'web-search' });
    const message = String(failure.body.message);
    for (const cause of [
      'searxng: HTTP 500 Internal Server Error: search error',
      'tavily: HTTP 401 Unauthorized: Unauthorized: missing or invalid API key.',
      'brave: HTTP 422 Unprocessable Entity: SUBSCRIPTION_TOKEN_INVALID',
      'exa: HTTP 401 Unauthorized: INVALID_API_KEY: Invalid API key',
      'google: HTTP 400 Bad Request: INVALID_ARGUMENT: API key not valid.',
    ])
      t.match(message, cause);
    t.equal((failure.body.backends as string[]).length, 5);
    const everything = JSON.stringify({ message, body: failure.body, log: context.log });
    for (const key of Object.values(wrong)) t.notMatch(everything, key, `${key} is not shown`);
    t.equal(context.log.filter((line) => line.level === 'warn').length, 5, 'each failure logged');
  },
);

t.test('a key that a backend (or a proxy before it) echoes back is masked', async (t) => {
  const fakes = await allFive(t);
  fakes.searxng.reply({ kind: 'error', status: 502, body: 'bad gateway' });
  fakes.tavily.reply(tavilyError(400, `bad key ${fakes.tavily.key}`));
  fakes.brave.reply(braveError(403, 'FORBIDDEN', `token ${fakes.brave.key} is suspended`));
  fakes.exa.reply(exaError(403, 'ACCESS_DENIED', `key ${fakes.exa.key} lacks access`));
  fakes.google.reply({
    kind: 'error',
    status: 400,
    body: `<html><body>Bad request: /customsearch/v1?key=${fakes.google.key}</body></html>`,
  });
  const context = callContext();
  const error = await createWebSearchSource(fakes.env)!
    .call('web-search', 'search', { query: 'q' }, context)
    .catch((error: unknown) => error as ManifoldError);
  const everything = JSON.stringify({ body: (error as ManifoldError).body, log: context.log });
  for (const key of [fakes.tavily.key, fakes.brave.key, fakes.exa.key, fakes.google.key])
    t.notMatch(everything, key, `${key} is masked`);
  t.match(everything, 'tavily: HTTP 400 Bad Request: bad key ****');
  t.match(everything, 'brave: HTTP 403 Forbidden: FORBIDDEN: token **** is suspended');
  t.match(everything, 'google: HTTP 400 Bad Request: Bad request: /customsearch/v1?key=****');
});

t.test('backends that cannot be reached or do not answer in time are passed over', async (t) => {
  const tavily = await started(t, startFakeTavily());
  const brave = await started(t, startFakeBrave());
  tavily.reply({ kind: 'hang' });
  const source = createWebSearchSource(
    {
      SEARXNG_URL: `http://127.0.0.1:${await closedPort()}`,
      TAVILY_API_KEY: tavily.key,
      TAVILY_BASE_URL: tavily.url,
      BRAVE_API_KEY: brave.key,
      BRAVE_BASE_URL: brave.url,
    },
    { backendTimeoutMs: 300 },
  )!;
  const context = callContext();
  const result = await source.call('web-search', 'search', { query: 'q' }, context);
  t.match(result.text, 'via brave');
  await tavily.closes.wait();
  t.pass('the request to the silent backend was closed');
  t.match(
    context.log.map((line) => (line.object as { failure: string }).failure),
    [/^searxng: could not be reached \(ECONNREFUSED\)$/, 'tavily: no answer within 0.3 s'],
  );
});

t.test('when every backend answers with nothing, the answer says so (not an error)', async (t) => {
  const searxng = await started(t, startFakeSearxng());
  const brave = await started(t, startFakeBrave());
  searxng.reply(empty());
  brave.reply(empty());
  const result = await createWebSearchSource({
    SEARXNG_URL: searxng.url,
    BRAVE_API_KEY: brave.key,
    BRAVE_BASE_URL: brave.url,
  })!.call('web-search', 'search', { query: 'zxqv' }, callContext());
  t.equal(result.text, 'No web results for "zxqv" (searxng: no results; brave: no results).');
  t.equal(result.grounding, undefined);
});

t.test('an abort ends the search at once and tries no other backend', async (t) => {
  const searxng = await started(t, startFakeSearxng());
  const brave = await started(t, startFakeBrave());
  searxng.reply({ kind: 'hang' });
  const controller = new AbortController();
  const call = createWebSearchSource({
    SEARXNG_URL: searxng.url,
    BRAVE_API_KEY: brave.key,
    BRAVE_BASE_URL: brave.url,
  })!.call('web-search', 'search', { query: 'q' }, callContext({ signal: controller.signal }));
  while (searxng.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const reason = new Error('the client left');
  controller.abort(reason);
  await t.rejects(call, reason);
  await searxng.closes.wait();
  t.equal(brave.requests.length, 0, 'no fall-over after an abort');
});

t.test('configuration mistakes stop the boot naming the variable', async (t) => {
  const cases: Array<[Record<string, string>, string, RegExp]> = [
    [{ SEARCH_PROVIDERS: 'bing' }, 'SEARCH_PROVIDERS', /unknown search backend "bing"/],
    [
      { SEARXNG_URL: 'http://127.0.0.1:1', SEARCH_PROVIDERS: 'searxng,exa' },
      'SEARCH_PROVIDERS',
      /names exa, which is not configured \(set EXA_API_KEY\)/,
    ],
    [{ GOOGLE_PSE_API_KEY: 'AIza-x' }, 'GOOGLE_PSE_ENGINE_ID', /is required/],
    [{ GOOGLE_PSE_ENGINE_ID: 'cx' }, 'GOOGLE_PSE_API_KEY', /is required/],
    [{ SEARXNG_URL: 'searx.local' }, 'SEARXNG_URL', /must be an http\(s\) URL/],
    [{ BRAVE_API_KEY: 'k', BRAVE_BASE_URL: 'ftp://x' }, 'BRAVE_BASE_URL', /http\(s\)/],
  ];
  for (const [env, variable, problem] of cases) {
    const error = (() => {
      try {
        createWebSearchSource(env);
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    t.type(error, ConfigError, variable);
    t.equal((error as ConfigError).variable, variable);
    t.match((error as ConfigError).message, problem);
  }
});

t.test('another identifier or api is PluginApiNotFound', async (t) => {
  const source = createWebSearchSource({ SEARXNG_URL: 'http://127.0.0.1:1' })!;
  for (const [identifier, apiName] of [
    ['web-search', 'answer'],
    ['mcp-x', 'search'],
  ] as const) {
    const error = await source
      .call(identifier, apiName, { query: 'q' }, callContext())
      .catch((error: unknown) => error);
    t.match(error, { errorType: 'PluginApiNotFound' }, `${identifier}.${apiName}`);
  }
});
