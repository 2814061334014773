/**
 * A chat request's `plugins` become function tools (CONTRACT §8), in one place: names, the
 * 128-tool cap, models without function calling, `enabledSearch` adding the search tool, and the
 * tools' system roles — seen in the body the upstream receives.
 */
import t, { type Test } from 'tap';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toolFunctionName } from '@manifold/core/tools/function-names';
import { startFakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { authHeader, startGateway } from '../../helpers/gateway.js';

const LONG = 'a-very-long-tool-identifier-that-no-provider-would-take-as-is';

const manifests = [
  {
    identifier: 'weather',
    meta: { title: 'Weather', description: 'Weather' },
    api: [
      {
        name: 'current',
        description: 'The weather now',
        url: 'http://127.0.0.1:9/current',
        parameters: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        },
      },
    ],
    systemRole: 'Use the weather tool for weather questions.',
  },
  {
    identifier: LONG,
    meta: { title: 'Long', description: 'Long' },
    api: [{ name: 'do.it', description: 'Does it', url: 'http://127.0.0.1:9/do' }],
  },
  {
    identifier: 'web-search',
    meta: { title: 'Search', description: 'Search' },
    api: [{ name: 'search', description: 'Search the web', url: 'http://127.0.0.1:9/search' }],
  },
  {
    identifier: 'many',
    meta: { title: 'Many', description: 'Many' },
    api: Array.from({ length: 127 }, (_, i) => ({
      name: `f${i}`,
      description: `f${i}`,
      url: 'http://127.0.0.1:9/f',
    })),
  },
];

async function setup(t: Test) {
  const fake = await startFakeOpenAI();
  t.teardown(() => fake.close());
  const dir = mkdtempSync(join(tmpdir(), 'manifold-chat-tools-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const paths = manifests.map((manifest, i) => {
    const path = join(dir, `${i}.json`);
    writeFileSync(path, JSON.stringify(manifest));
    return path;
  });
  const { url } = await startGateway(t, {
    OPENAI_API_KEY: 'sk-test-chat-tools-000000000',
    OPENAI_PROXY_URL: fake.baseURL,
    OPENAI_MODEL_LIST: '+plain-model=Plain<8192>,+tool-model=Tools<8192:fc>',
    PLUGIN_MANIFESTS: paths.join(','),
  });
  const chat = async (body: Record<string, unknown>) => {
    fake.reply({ kind: 'chunks', chunks: textChunks(['ok']) });
    const response = await fetch(`${url}/webapi/chat/openai`, {
      method: 'POST',
      headers: await authHeader(),
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Weather in Paris?' }], ...body }),
    });
    return { status: response.status, text: await response.text() };
  };
  const sent = () => fake.requests.at(-1)?.body as Record<string, any>;
  return { fake, chat, sent };
}

t.test('plugins become function tools with their schemas and system roles', async (t) => {
  const { chat, sent } = await setup(t);
  const { status } = await chat({ model: 'tool-model', plugins: ['weather', LONG, 'not-offered'] });
  t.equal(status, 200);
  const body = sent();
  t.same(
    body.tools.map((tool: any) => tool.function.name),
    ['weather____current', toolFunctionName(LONG, 'do.it')],
    'an unknown plugin is left out; a long name gets its short form',
  );
  t.match(body.tools[0], {
    type: 'function',
    function: { description: 'The weather now', parameters: { required: ['city'] } },
  });
  t.same(
    body.tools[1].function.parameters,
    { type: 'object', properties: {} },
    'no schema: an empty object',
  );
  t.same(body.messages[0], {
    role: 'system',
    content: 'Use the weather tool for weather questions.',
  });
});

t.test(
  'a model whose card lacks function calling gets no plugin tools; an unknown model does',
  async (t) => {
    const { chat, sent } = await setup(t);
    await chat({ model: 'plain-model', plugins: ['weather'] });
    t.equal(sent().tools, undefined, 'plain-model: none');
    await chat({ model: 'some-model-without-a-card', plugins: ['weather'] });
    t.equal(sent().tools?.length, 1, 'a model without a card is taken at its word');
  },
);

t.test('enabledSearch adds web-search for a model that does not search by itself', async (t) => {
  const { chat, sent } = await setup(t);
  await chat({ model: 'tool-model', enabledSearch: true });
  t.same(
    sent().tools.map((tool: any) => tool.function.name),
    ['web-search____search'],
  );
});

t.test('more than 128 function tools is 400 BadRequest naming tools', async (t) => {
  const { chat, fake } = await setup(t);
  const before = fake.requests.length;
  const ok = await chat({ model: 'tool-model', plugins: ['many', 'weather'] });
  t.equal(ok.status, 200, '128 tools are fine');
  const tooMany = await chat({ model: 'tool-model', plugins: ['many', 'weather', 'web-search'] });
  t.equal(tooMany.status, 400);
  t.match(JSON.parse(tooMany.text), {
    errorType: 'BadRequest',
    body: { field: 'tools', message: /at most 128/ },
  });
  const own = Array.from({ length: 129 }, (_, i) => ({
    type: 'function',
    function: { name: `own_${i}` },
  }));
  const direct = await chat({ model: 'tool-model', tools: own });
  t.equal(direct.status, 400, 'the cap holds for tools sent directly too');
  t.equal(fake.requests.length, before + 1, 'nothing refused reached the upstream');
});
