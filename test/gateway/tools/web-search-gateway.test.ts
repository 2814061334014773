/**
 * The built-in web search through the gateway's routes: listed in `GET /tools` once a backend is
 * configured, called through `POST /webapi/plugin/gateway` with its results as text and its
 * sources in `X-Manifold-Grounding`, and added to a chat by `enabledSearch` (CONTRACT §8).
 */
import t from 'tap';
import { startFakeSearxng } from '@manifold/provider-kit/fakes/search/searxng';
import { startFakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { authHeader, startGateway } from '../../helpers/gateway.js';

t.test('no backend: no web-search tool', async (t) => {
  const { url } = await startGateway(t, {});
  const { tools } = (await (await fetch(`${url}/tools`)).json()) as {
    tools: Array<{ identifier: string }>;
  };
  t.notOk(tools.some((tool) => tool.identifier === 'web-search'));
});

t.test('search through the plugin gateway, its sources in X-Manifold-Grounding', async (t) => {
  const searxng = await startFakeSearxng();
  t.teardown(() => searxng.close());
  const { url } = await startGateway(t, { SEARXNG_URL: searxng.url });
  const { tools } = (await (await fetch(`${url}/tools`)).json()) as { tools: any[] };
  t.match(
    tools.find((tool) => tool.identifier === 'web-search'),
    {
      type: 'builtin',
      source: 'builtin',
      api: [{ name: 'search' }, { name: 'crawl' }],
    },
  );
  searxng.reply({
    kind: 'results',
    results: [
      {
        title: 'Manifold gateway',
        url: 'https://example.com/manifold',
        content: 'One protocol for every provider',
      },
      { title: 'Streaming', url: 'https://example.org/sse', content: 'Server-sent events' },
    ],
  });
  const response = await fetch(`${url}/webapi/plugin/gateway`, {
    method: 'POST',
    headers: await authHeader(),
    body: JSON.stringify({
      identifier: 'web-search',
      apiName: 'search',
      arguments: '{"query":"manifold gateway"}',
    }),
  });
  t.equal(response.status, 200);
  const text = await response.text();
  t.match(text, /Manifold gateway/);
  t.match(text, /https:\/\/example\.com\/manifold/);
  const grounding = JSON.parse(
    Buffer.from(response.headers.get('x-manifold-grounding') ?? '', 'base64url').toString(),
  );
  t.match(grounding, {
    citations: [
      { title: 'Manifold gateway', url: 'https://example.com/manifold' },
      { title: 'Streaming', url: 'https://example.org/sse' },
    ],
    searchQueries: ['manifold gateway'],
  });
  t.equal(searxng.requests.at(-1)?.query.q, 'manifold gateway');

  const bad = await fetch(`${url}/webapi/plugin/gateway`, {
    method: 'POST',
    headers: await authHeader(),
    body: JSON.stringify({ identifier: 'web-search', apiName: 'search', arguments: '{"q":"x"}' }),
  });
  t.equal(bad.status, 422, 'arguments are checked against the search schema');
});

t.test(
  'enabledSearch offers the real web-search tool to a model that does not search',
  async (t) => {
    const searxng = await startFakeSearxng();
    t.teardown(() => searxng.close());
    const fake = await startFakeOpenAI();
    t.teardown(() => fake.close());
    const { url } = await startGateway(t, {
      SEARXNG_URL: searxng.url,
      OPENAI_API_KEY: 'sk-test-search-000000000000',
      OPENAI_PROXY_URL: fake.baseURL,
      OPENAI_MODEL_LIST: '+tool-model=Tools<8192:fc>',
    });
    fake.reply({ kind: 'chunks', chunks: textChunks(['ok']) });
    await (
      await fetch(`${url}/webapi/chat/openai`, {
        method: 'POST',
        headers: await authHeader(),
        body: JSON.stringify({
          model: 'tool-model',
          enabledSearch: true,
          messages: [{ role: 'user', content: 'News?' }],
        }),
      })
    ).text();
    const body = fake.requests.at(-1)?.body as {
      tools?: Array<{ function: { name: string } }>;
      messages: any[];
    };
    t.same(
      body.tools?.map((tool) => tool.function.name),
      ['web-search____search', 'web-search____crawl'],
    );
    t.equal(body.messages[0].role, 'system', "the tool's system role comes first");
  },
);
