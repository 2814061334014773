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
const providersDir = await mkdtemp(join(tmpdir(), 'manifold-azure-'));
await symlink(join(ROOT, 'providers', 'azure'), join(providersDir, 'azure'), 'dir');
t.teardown(() => rm(providersDir, { recursive: true, force: true }));

const KEY = 'azure-server-key-0123456789abcdef';
const ask = (model = 'gpt-4o', extra: Record<string, unknown> = {}) =>
  JSON.stringify({ model, messages: [{ role: 'user', content: 'Weather?' }], ...extra });

async function gateway(
  t: Test,
  env: Record<string, string> = {},
  fakeOptions: FakeAzureOptions = {},
) {
  const fake = await startFakeAzure({ apiKey: KEY, ...fakeOptions });
  t.teardown(() => fake.close());
  const { url } = await startGateway(
    t,
    {
      AZURE_API_KEY: KEY,
      AZURE_ENDPOINT: fake.url,
      AZURE_API_VERSION: '2025-04-01-preview',
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
  'a streamed answer with text, a tool call and usage gives exactly the contract stream',
  async (t) => {
    const { fake, call } = await gateway(
      t,
      { AZURE_MODEL_LIST: 'gpt-4o->prod-4o' },
      { deployments: ['prod-4o'] },
    );
    const id = 'chatcmpl-AzE2e';
    const toolCall = toolCallChunks(
      [{ id: 'call_w1', name: 'get_weather', arguments: ['{"city":', '"Oslo"}'] }],
      { id, usage: chatUsage(30, 12) },
    );
    fake.reply({
      kind: 'chunks',
      chunks: azureChunks([
        chunk({ role: 'assistant', content: 'Checking.' }, { id }),
        ...toolCall,
      ]),
    });

    const { status, text } = await call('/webapi/chat/azure', ask('gpt-4o', { user: 'u-9' }));

    t.equal(status, 200);
    const fragment = (args: string) => [
      {
        index: 0,
        id: 'call_w1',
        type: 'function',
        function: { name: 'get_weather', arguments: args },
      },
    ];
    const events = parseEventStream(text);
    t.same(
      events.slice(0, -1).map((event) => [event.id, event.event, event.data]),
      [
        [id, 'text', 'Checking.'],
        [id, 'tool_calls', fragment('')],
        [id, 'tool_calls', fragment('{"city":')],
        [id, 'tool_calls', fragment('"Oslo"}')],
        [id, 'stop', 'tool_calls'],
        [
          id,
          'usage',
          {
            totalInputTokens: 30,
            totalOutputTokens: 12,
            totalTokens: 42,
            inputCacheMissTokens: 30,
            inputTextTokens: 30,
            outputTextTokens: 12,
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
    t.equal(
      request.path,
      '/openai/deployments/prod-4o/chat/completions',
      'AZURE_MODEL_LIST sets the deployment',
    );
    t.equal(request.query.get('api-version'), '2025-04-01-preview', 'AZURE_API_VERSION is used');
    t.equal(request.headers['api-key'], KEY, 'the server key reaches the upstream');
    t.same(request.body, {
      model: 'prod-4o',
      messages: [{ role: 'user', content: 'Weather?' }],
      stream: true,
      stream_options: { include_usage: true },
      user: 'u-9',
    });
  },
);

t.test('a missing deployment is HTTP 404 ModelNotFound naming it, host masked', async (t) => {
  const { call } = await gateway(t, {}, { deployments: ['gpt-4o'] });
  const { status, text } = await call('/webapi/chat/azure', ask('gpt-4.1'));
  t.equal(status, 404);
  const body = JSON.parse(text);
  t.equal(body.errorType, 'ModelNotFound');
  t.match(body.body, {
    provider: 'azure',
    deploymentId: 'gpt-4.1',
    error: { code: 'DeploymentNotFound' },
    endpoint: 'http://127.****.****.1:****',
  });
  t.notMatch(text, /127\.0\.0\.1/, 'the endpoint host never reaches the client');
});

t.test('a rejected key is HTTP 401 InvalidProviderAPIKey without the key', async (t) => {
  const { call } = await gateway(t);
  const { status, text } = await call('/webapi/chat/azure', ask(), {
    apiKey: 'user-wrong-key-123456',
  });
  t.equal(status, 401);
  t.equal(JSON.parse(text).errorType, 'InvalidProviderAPIKey');
  t.notMatch(text, 'user-wrong-key-123456');
});

t.test('without a key anywhere the chat is 401 InvalidProviderAPIKey', async (t) => {
  const { status, text } = await (
    await gateway(t, { AZURE_API_KEY: '' })
  ).call('/webapi/chat/azure', ask());
  t.equal(status, 401);
  t.match(JSON.parse(text), { errorType: 'InvalidProviderAPIKey', body: { provider: 'azure' } });
});

t.test('the token endpoint, version and key win over the server configuration', async (t) => {
  const user = await startFakeAzure({ apiKey: 'user-key-abcdef0123456789' });
  t.teardown(() => user.close());
  const { fake, call } = await gateway(t);
  const { status } = await call('/webapi/chat/azure', ask('gpt-4o-mini'), {
    apiKey: 'user-key-abcdef0123456789',
    endpoint: user.url,
    apiVersion: '2024-12-01-preview',
  });
  t.equal(status, 200);
  t.equal(fake.requests.length, 0, 'the server resource was not called');
  t.equal(user.lastRequest()?.query.get('api-version'), '2024-12-01-preview');
});

t.test('GET /webapi/models/azure answers 405: Azure has no deployment list to fetch', async (t) => {
  const { call } = await gateway(t);
  const { status, text } = await call('/webapi/models/azure');
  t.equal(status, 405);
  t.match(JSON.parse(text), {
    errorType: 405,
    body: { provider: 'azure', message: 'azure has no remote model list' },
  });
});

t.test('embeddings go through the gateway to the deployment', async (t) => {
  const { fake, call } = await gateway(t);
  const { status, text } = await call(
    '/webapi/embeddings/azure',
    JSON.stringify({ model: 'text-embedding-3-small', input: 'hello' }),
  );
  t.equal(status, 200);
  t.same(JSON.parse(text), { embeddings: [[0.25, -0.5, 0.75]] });
  t.equal(fake.lastRequest()?.path, '/openai/deployments/text-embedding-3-small/embeddings');
});

t.test('the manifest: sdkType azure, key, endpoint and API version fields', async (t) => {
  const { url } = await gateway(t);
  const { providers } = (await (await fetch(`${url}/providers`)).json()) as {
    providers: Array<Record<string, any>>;
  };
  const azure = providers.find((provider) => provider.id === 'azure');
  t.match(azure, { sdkType: 'azure', serverKey: true, enabled: true });
  t.same(
    azure?.keyVault.map((field: { field: string; required: boolean }) => [
      field.field,
      field.required,
    ]),
    [
      ['apiKey', true],
      ['endpoint', true],
      ['apiVersion', true],
    ],
  );
});
