import t, { type Test } from 'tap';
import { join } from 'node:path';
import { builtinSources } from '@manifold/gateway/discovery';
import { authHeader, parseEventStream, startGateway } from '../../helpers/gateway.js';
import { ROOT } from '../../helpers/paths.js';
import {
  nativeChunk,
  nativeToolCallChunks,
  WORKERS_AI_ERRORS,
  workersUsage,
} from '@manifold/provider-kit/fakes/cloudflare-builders';
import { fakeCloudflare } from './helpers.js';

const MODEL = '@cf/meta/llama-3.3-70b-instruct-fp8-fast';

/** The cloudflare folder as discovery finds it (package.json keyword and entry), alone: a fast boot. */
const onlyCloudflare = async () =>
  (await builtinSources(join(ROOT, 'providers'))).filter((source) => source.label === 'cloudflare');

/** A gateway whose Cloudflare provider points at the fake through the server's env. */
async function gateway(t: Test) {
  const fake = await fakeCloudflare(t);
  const { url } = await startGateway(
    t,
    {
      CLOUDFLARE_PROXY_URL: fake.url,
      CLOUDFLARE_API_KEY: fake.token,
      CLOUDFLARE_BASE_URL_OR_ACCOUNT_ID: fake.accountId,
    },
    { sources: await onlyCloudflare() },
  );
  const chat = async (body: Record<string, unknown>, token = {}) => {
    const response = await fetch(`${url}/webapi/chat/cloudflare`, {
      method: 'POST',
      headers: await authHeader(token),
      body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }], ...body }),
    });
    return { status: response.status, text: await response.text() };
  };
  return { fake, url, chat };
}

/** One gateway for the tests that need the standard configuration (booting one is the slow part). */
let booted: ReturnType<typeof gateway> | undefined;
const shared = () => (booted ??= gateway(t));

t.test('reasoning, text, a tool call and usage give exactly the contract stream', async (t) => {
  const { fake, chat } = await shared();
  const [head, ...rest] = nativeToolCallChunks(
    [{ id: 'call_w1', name: 'weather____get', arguments: ['{"city":', '"Paris"}'] }],
    { usage: workersUsage(40, 25) },
  );
  fake.reply({
    kind: 'stream',
    chunks: [
      nativeChunk('<think>'),
      nativeChunk('Need weather.'),
      nativeChunk('</think>'),
      nativeChunk('Checking.'),
      head!,
      ...rest,
    ],
  });
  const { status, text } = await chat({ temperature: 0.4 });
  t.equal(status, 200);
  const events = parseEventStream(text);
  const id = events[0]!.id;
  t.match(id, /^chat_/);
  const call = (args: string) => [
    {
      index: 0,
      id: 'call_w1',
      type: 'function',
      function: { name: 'weather____get', arguments: args },
    },
  ];
  t.same(
    events.slice(0, -1).map((event) => [event.id, event.event, event.data]),
    [
      [id, 'reasoning', 'Need weather.'],
      [id, 'text', 'Checking.'],
      [id, 'tool_calls', call('')],
      [id, 'tool_calls', call('{"city":')],
      [id, 'tool_calls', call('"Paris"}')],
      [id, 'stop', 'tool_calls'],
      [
        id,
        'usage',
        {
          totalInputTokens: 40,
          totalOutputTokens: 25,
          totalTokens: 65,
          inputTextTokens: 40,
          outputTextTokens: 25,
        },
      ],
    ],
  );
  t.match(events.at(-1), {
    id: 'output_speed',
    event: 'speed',
    data: { ttft: Number, tps: Number },
  });
  t.equal(
    fake.lastRequest()?.path,
    `/client/v4/accounts/${fake.accountId}/ai/run/${MODEL}`,
    'the bare proxy origin gets /client/v4 and the account from the server env',
  );
  t.same(fake.lastRequest()?.body, {
    messages: [{ role: 'user', content: 'Hi' }],
    stream: true,
    temperature: 0.4,
  });
});

t.test('an upstream refusal is an HTTP error with the mapped status and body', async (t) => {
  const { fake, chat } = await shared();
  fake.reply({ kind: 'error', status: 400, errors: [WORKERS_AI_ERRORS.noSuchModel(MODEL)] });
  const missing = await chat({});
  t.equal(missing.status, 404);
  t.match(JSON.parse(missing.text), {
    errorType: 'ModelNotFound',
    body: { provider: 'cloudflare', message: `No such model ${MODEL} or task` },
  });

  const wrongKey = await chat({}, { apiKey: 'cf-user-token-0123456789' });
  t.equal(wrongKey.status, 401);
  const body = JSON.parse(wrongKey.text);
  t.equal(body.errorType, 'InvalidProviderAPIKey');
  t.notMatch(wrongKey.text, 'cf-user-token', 'the key never reaches the client');
  t.notMatch(wrongKey.text, fake.accountId, 'nor the account id');
});

t.test('a token with an account id but no key and no server key is refused', async (t) => {
  const fake = await fakeCloudflare(t);
  const { url } = await startGateway(
    t,
    { CLOUDFLARE_PROXY_URL: fake.url },
    { sources: await onlyCloudflare() },
  );
  const response = await fetch(`${url}/webapi/chat/cloudflare`, {
    method: 'POST',
    headers: await authHeader({ baseURLOrAccountID: fake.accountId }),
    body: JSON.stringify({ model: MODEL, messages: [{ role: 'user', content: 'Hi' }] }),
  });
  t.equal(response.status, 401);
  t.equal(((await response.json()) as { errorType: string }).errorType, 'InvalidProviderAPIKey');
  t.equal(fake.requests.length, 0);
});

t.test('GET /webapi/models/cloudflare lists the account catalogue', async (t) => {
  const { url } = await shared();
  const response = await fetch(`${url}/webapi/models/cloudflare`, { headers: await authHeader() });
  t.equal(response.status, 200);
  const { models } = (await response.json()) as {
    models: Array<{ id: string; source: string; contextWindowTokens?: number }>;
  };
  t.ok(models.length > 0);
  t.ok(models.every((model) => model.source === 'remote'));
  t.notOk(
    models.some((model) => model.id.includes('bge')),
    'only Text Generation models',
  );
  t.equal(models.find((model) => model.id === MODEL)?.contextWindowTokens, 24_000);
});

t.test('the manifest is served with the Cloudflare key form', async (t) => {
  const { url } = await shared();
  const { providers } = (await (await fetch(`${url}/providers`)).json()) as {
    providers: Array<Record<string, any>>;
  };
  const cloudflare = providers.find((provider) => provider.id === 'cloudflare')!;
  t.match(cloudflare, {
    sdkType: 'cloudflare',
    serverKey: true,
    enabled: true,
    settings: { disableBrowserRequest: true },
  });
  t.same(
    cloudflare.keyVault.map((field: { field: string }) => field.field),
    ['apiKey', 'baseURLOrAccountID'],
  );
});
