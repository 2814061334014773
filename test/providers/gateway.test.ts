import t from 'tap';
import { Compile } from 'typebox/compile';
import { ModelCardSchema } from '@manifold/core/contract/model-card';
import { definition as deepseek } from '../../providers/deepseek/index.js';
import { definition as groq } from '../../providers/groq/index.js';
import { definition as moonshot } from '../../providers/moonshot/index.js';
import { definition as openai } from '../../providers/openai/index.js';
import { authHeader, parseEventStream, startGateway } from '../helpers/gateway.js';
import { fakeUpstream } from '../wires/openai/runtime-helpers.js';

const definitions = { openai, deepseek, moonshot, groq };
const checkCard = Compile(ModelCardSchema);

for (const [id, definition] of Object.entries(definitions)) {
  t.test(`the ${id} manifest is valid data with a key form and a default base URL`, async (t) => {
    const manifest = definition.manifest;
    t.equal(manifest.id, id);
    t.equal(manifest.sdkType, 'openai');
    t.same(
      manifest.keyVault.map((field) => [field.field, field.required, field.secret]),
      [
        ['apiKey', true, true],
        ['baseURL', false, false],
      ],
    );
    t.equal(manifest.keyVault[1]?.placeholder, manifest.defaultBaseURL);
    t.ok(manifest.models.length > 0);
    const ids = manifest.models.map((card) => card.id);
    t.equal(new Set(ids).size, ids.length, 'model ids are unique');
    for (const card of manifest.models) {
      t.ok(checkCard.Check(card), `${card.id} is a valid model card`);
      if (card.type === 'chat') t.ok(card.contextWindowTokens, `${card.id} has a context window`);
      t.equal(card.source, 'builtin');
    }
  });
}

t.test('openai has the chat models the brief lists and is the only one enabled', async (t) => {
  const ids = openai.manifest.models.map((card) => card.id);
  for (const id of [
    'gpt-4o',
    'gpt-4o-mini',
    'gpt-4.1',
    'o3',
    'o3-mini',
    'o4-mini',
    'o1',
    'gpt-5',
  ]) {
    t.ok(ids.includes(id), id);
  }
  t.ok(ids.includes('gpt-4o-search-preview') && ids.includes('gpt-4o-mini-search-preview'));
  t.same(
    Object.entries(definitions)
      .filter(([, definition]) => definition.manifest.enabled)
      .map(([id]) => id),
    ['openai'],
  );
  t.match(openai.manifest.settings, { supportResponsesApi: true, showModelFetcher: true });
});

t.test('the gateway discovers the four providers and serves their manifests', async (t) => {
  const { url } = await startGateway(t, {});
  const response = await fetch(`${url}/providers`);
  const { providers } = (await response.json()) as {
    providers: Array<{ id: string; source: string }>;
  };
  for (const id of Object.keys(definitions)) {
    t.match(
      providers.find((provider) => provider.id === id),
      { id, source: 'builtin', sdkType: 'openai' },
      `${id} is listed`,
    );
  }
});

t.test('a chat through the gateway reaches the fake upstream via OPENAI_PROXY_URL', async (t) => {
  const fake = await fakeUpstream(t);
  const { url } = await startGateway(t, {
    OPENAI_PROXY_URL: fake.url,
    OPENAI_API_KEY: 'sk-server-key-0123456789abcdef',
  });

  const response = await fetch(`${url}/webapi/chat/openai`, {
    method: 'POST',
    headers: await authHeader(),
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Hi' }] }),
  });

  t.equal(response.status, 200);
  const events = parseEventStream(await response.text());
  t.same(
    events.map((event) => event.event),
    ['text', 'text', 'text', 'stop', 'usage', 'speed'],
  );
  t.equal(fake.lastRequest()?.path, '/v1/chat/completions', 'a bare origin gets /v1 appended');
});

t.test(
  'an upstream refusal through the gateway is an HTTP error with the mapped type',
  async (t) => {
    const fake = await fakeUpstream(t);
    fake.reply({ kind: 'error', status: 403, message: 'Forbidden in your region' });
    const { url } = await startGateway(t, {
      GROQ_PROXY_URL: `${fake.url}/openai/v1`,
      GROQ_API_KEY: 'gsk_server0123456789abcdef',
    });

    const response = await fetch(`${url}/webapi/chat/groq`, {
      method: 'POST',
      headers: await authHeader(),
      body: JSON.stringify({
        model: 'llama-3.1-8b-instant',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    });

    t.equal(response.status, 403);
    t.match(await response.json(), {
      errorType: 'LocationNotSupportError',
      body: { provider: 'groq' },
    });
  },
);
