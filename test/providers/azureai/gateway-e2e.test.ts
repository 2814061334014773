import t, { type Test } from 'tap';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../helpers/paths.js';
import { authHeader, parseEventStream, startGateway } from '../../helpers/gateway.js';
import {
  azureChunks,
  startFakeAzure,
  type FakeAzureOptions,
} from '@manifold/provider-kit/fakes/azure';
import { chatUsage, chunk, toolCallChunks } from '@manifold/provider-kit/fakes/openai-builders';

// A providers folder holding only this provider: the real gateway, without loading every SDK.
const providersDir = await mkdtemp(join(tmpdir(), 'manifold-azureai-'));
await symlink(join(ROOT, 'providers', 'azureai'), join(providersDir, 'azureai'), 'dir');
t.teardown(() => rm(providersDir, { recursive: true, force: true }));

const KEY = 'azureai-server-key-0123456789abcdef';
const ask = (model: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ model, messages: [{ role: 'user', content: 'Weather?' }], ...extra });

async function gateway(
  t: Test,
  env: Record<string, string> = {},
  fakeOptions: FakeAzureOptions = {},
) {
  const fake = await startFakeAzure({ flavor: 'inference', apiKey: KEY, ...fakeOptions });
  t.teardown(() => fake.close());
  const { url } = await startGateway(
    t,
    {
      AZUREAI_API_KEY: KEY,
      AZUREAI_ENDPOINT: fake.modelsURL,
      ...env,
    },
    { providersDir },
  );
  const call = async (path: string, body?: string, token = {}) => {
    const response = await fetch(`${url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: await authHeader(token),
      ...(body === undefined ? {} : { body }),
    });
    return { status: response.status, text: await response.text() };
  };
  return { fake, url, call };
}

t.test(
  'reasoning in think tags, text, a tool call and usage give exactly the contract stream',
  async (t) => {
    const { fake, call } = await gateway(
      t,
      { AZUREAI_MODEL_LIST: 'DeepSeek-R1->r1-prod' },
      { deployments: ['r1-prod'] },
    );
    const id = 'c0ffee12';
    const tools = toolCallChunks(
      [{ id: 'call_q', name: 'get_weather', arguments: ['{"city":', '"Kyiv"}'] }],
      {
        id,
        model: 'DeepSeek-R1',
        usage: chatUsage(20, 40),
      },
    );
    fake.reply({
      kind: 'chunks',
      chunks: azureChunks([
        chunk({ role: 'assistant', content: '<think>Need the' }, { id }),
        chunk({ content: ' weather.</think>Let me check.' }, { id }),
        ...tools,
      ]),
    });

    const { status, text } = await call(
      '/webapi/chat/azureai',
      ask('DeepSeek-R1', { temperature: 0.6 }),
    );

    t.equal(status, 200);
    const fragment = (args: string) => [
      {
        index: 0,
        id: 'call_q',
        type: 'function',
        function: { name: 'get_weather', arguments: args },
      },
    ];
    const events = parseEventStream(text);
    t.same(
      events.slice(0, -1).map((event) => [event.id, event.event, event.data]),
      [
        [id, 'reasoning', 'Need the'],
        [id, 'reasoning', ' weather.'],
        [id, 'text', 'Let me check.'],
        [id, 'tool_calls', fragment('')],
        [id, 'tool_calls', fragment('{"city":')],
        [id, 'tool_calls', fragment('"Kyiv"}')],
        [id, 'stop', 'tool_calls'],
        [
          id,
          'usage',
          {
            totalInputTokens: 20,
            totalOutputTokens: 40,
            totalTokens: 60,
            inputCacheMissTokens: 20,
            inputTextTokens: 20,
            outputTextTokens: 40,
          },
        ],
      ],
    );
    t.match(events.at(-1), {
      id: 'output_speed',
      event: 'speed',
      data: { ttft: Number, tps: Number },
    });
    const request = fake.lastRequest()!;
    t.equal(request.path, '/models/chat/completions');
    t.equal(request.query.get('api-version'), '2024-05-01-preview');
    t.equal(request.headers['api-key'], KEY);
    t.same(request.body, {
      model: 'r1-prod',
      messages: [{ role: 'user', content: 'Weather?' }],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.6,
    });
  },
);

t.test('an unknown model is HTTP 404 ModelNotFound naming the deployment', async (t) => {
  const { call } = await gateway(t);
  const { status, text } = await call('/webapi/chat/azureai', ask('Phi-9'));
  t.equal(status, 404);
  t.match(JSON.parse(text), {
    errorType: 'ModelNotFound',
    body: {
      provider: 'azureai',
      deploymentId: 'Phi-9',
      endpoint: 'http://127.****.****.1:****/models',
    },
  });
  t.notMatch(text, /127\.0\.0\.1/);
});

t.test('a rejected key is HTTP 401 InvalidProviderAPIKey', async (t) => {
  const { call } = await gateway(t);
  const { status, text } = await call('/webapi/chat/azureai', ask('Phi-4'), {
    apiKey: 'wrong-user-key-000000',
  });
  t.equal(status, 401);
  t.equal(JSON.parse(text).errorType, 'InvalidProviderAPIKey');
  t.notMatch(text, 'wrong-user-key-000000');
});

t.test('without an endpoint anywhere the chat is 401 InvalidProviderAPIKey', async (t) => {
  const { call } = await gateway(t, { AZUREAI_ENDPOINT: '' });
  const { status, text } = await call('/webapi/chat/azureai', ask('Phi-4'));
  t.equal(status, 401);
  t.match(JSON.parse(text), { errorType: 'InvalidProviderAPIKey', body: { provider: 'azureai' } });
});

t.test(
  'GET /webapi/models/azureai answers 405: the inference endpoint has no model list',
  async (t) => {
    const { call } = await gateway(t);
    const { status, text } = await call('/webapi/models/azureai');
    t.equal(status, 405);
    t.match(JSON.parse(text), {
      errorType: 405,
      body: { provider: 'azureai', message: 'azureai has no remote model list' },
    });
  },
);

t.test('the manifest: sdkType azureai with key and endpoint fields', async (t) => {
  const { url } = await gateway(t);
  const { providers } = (await (await fetch(`${url}/providers`)).json()) as {
    providers: Array<Record<string, any>>;
  };
  const azureai = providers.find((provider) => provider.id === 'azureai');
  t.match(azureai, { sdkType: 'azureai', serverKey: true });
  t.same(
    azureai?.keyVault.map((field: { field: string }) => field.field),
    ['apiKey', 'endpoint'],
  );
  t.ok(azureai?.models.some((card: { id: string }) => card.id === 'DeepSeek-R1'));
});
