import t from 'tap';
import { definition } from '../../../providers/azure/index.js';
import { manifest } from '../../../providers/azure/manifest.js';
import {
  callContext,
  chatEvents,
  chatRequest,
  kinds,
  recordingLogger,
  rejection,
  thrown,
  user,
} from '../../wires/openai/runtime-helpers.js';
import { AZURE_TEST_KEY } from '@manifold/provider-kit/fakes/azure';
import { azureSetup, lastBody } from './setup.js';

const system = { role: 'system' as const, content: 'You are terse.' };
const weather = {
  type: 'function' as const,
  function: { name: 'get_weather', parameters: { type: 'object' } },
};

t.test('a missing key or endpoint is InvalidProviderAPIKey at construction', async (t) => {
  const base = { providerId: 'azure', env: {}, logger: recordingLogger() };
  for (const options of [
    { ...base, endpoint: 'https://res.openai.azure.com' },
    { ...base, apiKey: AZURE_TEST_KEY },
    { ...base, apiKey: AZURE_TEST_KEY, endpoint: '  ' },
  ]) {
    const error = thrown(() => definition.createRuntime(options));
    t.equal(error?.errorType, 'InvalidProviderAPIKey');
    t.equal(error?.body.provider, 'azure');
    t.match(error?.body.message, /API key and the resource endpoint/);
  }
});

t.test('a chat goes to the deployment path with api-version and the api-key header', async (t) => {
  const { fake, runtime } = await azureSetup(t);
  const events = await chatEvents(
    runtime(),
    chatRequest({ model: 'gpt-4o', temperature: 0.7 }),
    callContext({ userId: 'u-1' }),
  );
  const request = fake.lastRequest()!;
  t.equal(request.path, '/openai/deployments/gpt-4o/chat/completions');
  t.equal(request.query.get('api-version'), '2024-10-21');
  t.equal(request.headers['api-key'], AZURE_TEST_KEY);
  t.notOk(request.headers.authorization, 'no bearer header');
  t.same(request.body, {
    model: 'gpt-4o',
    messages: [{ role: 'user', content: 'Hi' }],
    stream: true,
    stream_options: { include_usage: true },
    temperature: 0.7,
    user: 'u-1',
  });
  t.same(kinds(events).slice(0, 4), [
    ['text', 'Hello'],
    ['text', ' from'],
    ['text', ' Azure.'],
    ['stop', 'stop'],
  ]);
});

t.test('the API version defaults to the GA version and a pasted /openai path is cut', async (t) => {
  const { fake, runtime } = await azureSetup(t);
  await chatEvents(
    runtime({
      apiVersion: undefined,
      endpoint: `${fake.url}/openai/deployments/x/chat/completions?api-version=2024-06-01`,
    }),
    chatRequest({ model: 'gpt-4o' }),
  );
  t.equal(fake.lastRequest()?.path, '/openai/deployments/gpt-4o/chat/completions');
  t.equal(fake.lastRequest()?.query.get('api-version'), '2024-10-21');
});

t.test('a baseURL (AZURE_PROXY_URL or the token) serves as the endpoint', async (t) => {
  const { fake, runtime } = await azureSetup(t);
  await chatEvents(
    runtime({ endpoint: undefined, baseURL: fake.url, apiVersion: '2025-04-01-preview' }),
    chatRequest({ model: 'gpt-4o-mini' }),
  );
  t.equal(fake.lastRequest()?.path, '/openai/deployments/gpt-4o-mini/chat/completions');
  t.equal(fake.lastRequest()?.query.get('api-version'), '2025-04-01-preview');
});

t.test('the card deployment name is the deployment; an id without one is used as is', async (t) => {
  const { fake, runtime } = await azureSetup(t, { deployments: ['prod-4o', 'gpt-4o-mini'] });
  const models = manifest.models.map((card) =>
    card.id === 'gpt-4o' ? { ...card, config: { deploymentName: 'prod-4o' } } : card,
  );
  const azure = runtime({ models });
  await chatEvents(azure, chatRequest({ model: 'gpt-4o' }));
  t.equal(fake.lastRequest()?.path, '/openai/deployments/prod-4o/chat/completions');
  t.equal(lastBody(fake).model, 'prod-4o');
  await chatEvents(azure, chatRequest({ model: 'gpt-4o-mini' }));
  t.equal(fake.lastRequest()?.path, '/openai/deployments/gpt-4o-mini/chat/completions');
});

t.test('without cards from the gateway the manifest cards resolve deployments', async (t) => {
  const { fake, runtime } = await azureSetup(t, { deployments: ['gpt-4o'] });
  await chatEvents(runtime({ models: undefined }), chatRequest({ model: 'gpt-4o' }));
  t.equal(fake.lastRequest()?.deployment, 'gpt-4o');
});

t.test(
  'o-series: T/2, developer role, max_completion_tokens, minimal effort as low, tool_choice auto',
  async (t) => {
    const { fake, runtime } = await azureSetup(t);
    const azure = runtime();
    await chatEvents(
      azure,
      chatRequest({
        model: 'o3-mini',
        messages: [system, user('Hi')],
        temperature: 0.8,
        top_p: 0.9,
        presence_penalty: 0.3,
        max_tokens: 2000,
        reasoning_effort: 'minimal',
        tools: [weather],
      }),
    );
    t.same(lastBody(fake), {
      model: 'o3-mini',
      messages: [
        { role: 'developer', content: 'You are terse.' },
        { role: 'user', content: 'Hi' },
      ],
      stream: true,
      stream_options: { include_usage: true },
      tools: [weather],
      tool_choice: 'auto',
      temperature: 0.4,
      max_completion_tokens: 2000,
      reasoning_effort: 'low',
    });
    await chatEvents(azure, chatRequest({ model: 'o4-mini', reasoning_effort: 'high' }));
    t.equal(lastBody(fake).reasoning_effort, 'high', 'other efforts pass as given');
  },
);

t.test('o1 does not stream upstream; its answer is replayed as a stream', async (t) => {
  const { fake, runtime } = await azureSetup(t);
  const events = await chatEvents(
    runtime(),
    chatRequest({ model: 'o1', messages: [system, user('Hi')], temperature: 1 }),
  );
  t.same(lastBody(fake), {
    model: 'o1',
    messages: [
      { role: 'developer', content: 'You are terse.' },
      { role: 'user', content: 'Hi' },
    ],
    stream: false,
    temperature: 0.5,
  });
  t.same(kinds(events).slice(0, -1), [
    ['text', 'Hello from Azure.'],
    ['stop', 'stop'],
    [
      'usage',
      {
        totalInputTokens: 12,
        totalOutputTokens: 8,
        totalTokens: 20,
        inputCacheMissTokens: 12,
        inputTextTokens: 12,
        outputTextTokens: 8,
      },
    ],
  ]);
  t.equal(events.at(-1)?.event, 'speed');
  t.equal(events[0]?.id, 'chatcmpl-fake', 'the completion id is the stream id');
});

t.test('o1-mini reads the system prompt as user and gets no reasoning effort', async (t) => {
  const { fake, runtime } = await azureSetup(t, { deployments: ['o1-mini'] });
  await chatEvents(
    runtime(),
    chatRequest({ model: 'o1-mini', messages: [system, user('Hi')], reasoning_effort: 'low' }),
  );
  t.same(lastBody(fake), {
    model: 'o1-mini',
    messages: [
      { role: 'user', content: 'You are terse.' },
      { role: 'user', content: 'Hi' },
    ],
    stream: false,
  });
});

t.test('a deployment name alone can mark an o-series model', async (t) => {
  const { fake, runtime } = await azureSetup(t, { deployments: ['o3-mini'] });
  const models = [
    { ...manifest.models[0]!, id: 'reasoner', config: { deploymentName: 'o3-mini' } },
  ];
  await chatEvents(runtime({ models }), chatRequest({ model: 'reasoner', max_tokens: 10 }));
  t.same(lastBody(fake).max_completion_tokens, 10);
});

t.test('GPT-5 reasoning models take no temperature and keep a minimal effort', async (t) => {
  const { fake, runtime } = await azureSetup(t);
  await chatEvents(
    runtime(),
    chatRequest({
      model: 'gpt-5',
      messages: [system, user('Hi')],
      temperature: 0.6,
      max_tokens: 500,
      reasoning_effort: 'minimal',
    }),
  );
  t.same(lastBody(fake), {
    model: 'gpt-5',
    messages: [
      { role: 'developer', content: 'You are terse.' },
      { role: 'user', content: 'Hi' },
    ],
    stream: true,
    stream_options: { include_usage: true },
    max_completion_tokens: 500,
    reasoning_effort: 'minimal',
  });
});

t.test(
  'chat models keep their parameters, lose reasoning_effort and get tool_choice auto',
  async (t) => {
    const { fake, runtime } = await azureSetup(t);
    await chatEvents(
      runtime(),
      chatRequest({
        model: 'gpt-4o',
        messages: [system, user('Hi')],
        temperature: 0.8,
        top_p: 0.9,
        max_tokens: 300,
        reasoning_effort: 'high',
        tools: [weather],
      }),
    );
    t.same(lastBody(fake), {
      model: 'gpt-4o',
      messages: [system, { role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
      tools: [weather],
      tool_choice: 'auto',
      temperature: 0.8,
      top_p: 0.9,
      max_tokens: 300,
    });
  },
);

t.test('clamp changes are logged at debug', async (t) => {
  const { options } = await azureSetup(t);
  const opts = options();
  await chatEvents(
    definition.createRuntime(opts),
    chatRequest({ model: 'o3-mini', temperature: 1 }),
  );
  const record = (opts.logger as ReturnType<typeof recordingLogger>).records.find(
    (entry) => entry.level === 'debug' && Array.isArray(entry.object.changes),
  );
  t.match(record?.object.changes, [{ param: 'temperature', op: 'halve', from: 1, to: 0.5 }]);
});

t.test('there is no remote model list; serverVault reads the endpoint and version', async (t) => {
  const { runtime } = await azureSetup(t);
  t.equal(runtime().models, undefined, 'no models(): the gateway answers 405');
  t.same(
    definition.serverVault?.({
      AZURE_ENDPOINT: 'https://r.openai.azure.com',
      AZURE_API_VERSION: '2025-04-01-preview',
    }),
    {
      endpoint: 'https://r.openai.azure.com',
      apiVersion: '2025-04-01-preview',
    },
  );
});

t.test(
  'image URLs pass as is, or are inlined first when LLM_VISION_IMAGE_USE_BASE64=1',
  async (t) => {
    const { fake, runtime } = await azureSetup(t);
    const image = `${fake.url}/cat.png`;
    const request = chatRequest({
      model: 'gpt-4o',
      messages: [user('What is this?', { imageList: [{ url: image, alt: 'cat' }] })],
    });
    await chatEvents(runtime(), request);
    t.same(lastBody(fake).messages[0].content, [
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: image } },
    ]);
    const before = fake.requests.length;
    const error = await rejection(
      chatEvents(runtime({ env: { LLM_VISION_IMAGE_USE_BASE64: '1' } }), request),
    );
    t.equal(error?.errorType, 'BadRequest');
    t.match(error.body.message, `Failed to fetch the image ${image}`);
    t.same(
      fake.requests.slice(before).map((entry) => `${entry.method} ${entry.path}`),
      ['GET /cat.png'],
      'the image fetch failed before any chat call',
    );
  },
);
