import t from 'tap';
import { definition } from '../../../providers/azureai/index.js';
import { azureAIEndpoint } from '../../../providers/azureai/runtime.js';
import {
  callContext,
  chatEvents,
  chatRequest,
  kinds,
  recordingLogger,
  thrown,
} from '../../wires/openai/runtime-helpers.js';
import { AZURE_TEST_KEY, azureChunks, azureCompletion } from '@manifold/provider-kit/fakes/azure';
import {
  chatCompletion,
  chatUsage,
  textChunks,
  toolCallChunks,
} from '@manifold/provider-kit/fakes/openai-builders';
import { azureAISetup } from './setup.js';

const weather = {
  type: 'function' as const,
  function: { name: 'get_weather', parameters: { type: 'object' } },
};
const body = (fake: { lastRequest(): { body: any } | undefined }) => fake.lastRequest()?.body;

t.test('a missing key or endpoint is InvalidProviderAPIKey at construction', async (t) => {
  const base = { providerId: 'azureai', env: {}, logger: recordingLogger() };
  for (const options of [
    { ...base, endpoint: 'https://res.services.ai.azure.com/models' },
    { ...base, apiKey: AZURE_TEST_KEY },
  ]) {
    const error = thrown(() => definition.createRuntime(options));
    t.equal(error?.errorType, 'InvalidProviderAPIKey');
    t.equal(error?.body.provider, 'azureai');
  }
});

t.test(
  'a chat is POST /models/chat/completions with api-version, api-key and the deployment as model',
  async (t) => {
    const { fake, runtime } = await azureAISetup(t);
    const events = await chatEvents(
      runtime(),
      chatRequest({ model: 'Phi-4', temperature: 0.7, max_tokens: 100 }),
      callContext({ userId: 'u-1' }),
    );
    const request = fake.lastRequest()!;
    t.equal(request.method, 'POST');
    t.equal(request.path, '/models/chat/completions');
    t.equal(request.query.get('api-version'), '2024-05-01-preview');
    t.equal(request.headers['api-key'], AZURE_TEST_KEY);
    t.equal(request.headers['extra-parameters'], 'pass-through');
    t.equal(request.headers.accept, 'text/event-stream');
    t.same(request.body, {
      model: 'Phi-4',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.7,
      max_tokens: 100,
    });
    t.same(kinds(events).slice(0, 4), [
      ['text', 'Hello'],
      ['text', ' from'],
      ['text', ' Azure.'],
      ['stop', 'stop'],
    ]);
  },
);

t.test('o3 and o4 models get neither temperature nor top_p', async (t) => {
  const { fake, runtime } = await azureAISetup(t);
  const azureai = runtime();
  for (const model of ['o3-mini', 'o4-mini']) {
    await chatEvents(azureai, chatRequest({ model, temperature: 0.5, top_p: 0.9, max_tokens: 50 }));
    t.same(
      body(fake),
      {
        model,
        messages: [{ role: 'user', content: 'Hi' }],
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: 50,
      },
      model,
    );
  }
  await chatEvents(azureai, chatRequest({ model: 'DeepSeek-R1', temperature: 0.5, top_p: 0.9 }));
  t.match(body(fake), { temperature: 0.5, top_p: 0.9 }, 'other models keep them');
});

t.test('tools come with tool_choice auto; a card deployment name is the model sent', async (t) => {
  const { fake, runtime } = await azureAISetup(t, { deployments: ['llama-prod'] });
  const models = [
    {
      id: 'Llama-3.3-70B-Instruct',
      type: 'chat' as const,
      enabled: true,
      abilities: { functionCall: true },
      source: 'builtin' as const,
      config: { deploymentName: 'llama-prod' },
    },
  ];
  await chatEvents(
    runtime({ models }),
    chatRequest({ model: 'Llama-3.3-70B-Instruct', tools: [weather] }),
  );
  t.match(body(fake), { model: 'llama-prod', tools: [weather], tool_choice: 'auto' });
});

t.test(
  'DeepSeek-R1 thinking in <think> content streams as reasoning, then text and usage',
  async (t) => {
    const { fake, runtime } = await azureAISetup(t);
    const id = 'f2e3c1a0b9d84e7f';
    fake.reply({
      kind: 'chunks',
      chunks: azureChunks(
        textChunks(['<think>', 'Two and', ' two.', '</think>', '\n\nIt is', ' 4.'], {
          id,
          model: 'DeepSeek-R1',
          usage: chatUsage(9, 21),
        }),
      ),
    });
    const events = await chatEvents(runtime(), chatRequest({ model: 'DeepSeek-R1' }));
    t.same(kinds(events).slice(0, -1), [
      ['reasoning', 'Two and'],
      ['reasoning', ' two.'],
      ['text', '\n\nIt is'],
      ['text', ' 4.'],
      ['stop', 'stop'],
      [
        'usage',
        {
          totalInputTokens: 9,
          totalOutputTokens: 21,
          totalTokens: 30,
          inputCacheMissTokens: 9,
          inputTextTokens: 9,
          outputTextTokens: 21,
        },
      ],
    ]);
    t.ok(events.slice(0, -1).every((event) => event.id === id));
  },
);

t.test('tool-call fragments merge by index with their id and name', async (t) => {
  const { fake, runtime } = await azureAISetup(t);
  fake.reply({
    kind: 'chunks',
    chunks: azureChunks(
      toolCallChunks(
        [
          { id: 'call_a', name: 'get_weather', arguments: ['{"city"', ':"Rome"}'] },
          { id: 'call_b', name: 'get_weather', arguments: '{"city":"Lima"}' },
        ],
        { usage: chatUsage(5, 9) },
      ),
    ),
  });
  const events = await chatEvents(
    runtime(),
    chatRequest({ model: 'Llama-3.3-70B-Instruct', tools: [weather] }),
  );
  const fragments = events
    .filter((event) => event.event === 'tool_calls')
    .flatMap((event) => event.data as any[]);
  t.same(
    fragments.map((fragment) => [
      fragment.index,
      fragment.id,
      fragment.function.name,
      fragment.function.arguments,
    ]),
    [
      [0, 'call_a', 'get_weather', ''],
      [0, 'call_a', 'get_weather', '{"city"'],
      [0, 'call_a', 'get_weather', ':"Rome"}'],
      [1, 'call_b', 'get_weather', ''],
      [1, 'call_b', 'get_weather', '{"city":"Lima"}'],
    ],
  );
  t.same(
    events.slice(-3).map((event) => event.event),
    ['stop', 'usage', 'speed'],
  );
});

t.test('stream false gets a JSON completion, replayed as a stream', async (t) => {
  const { fake, runtime } = await azureAISetup(t);
  fake.reply({
    kind: 'json',
    body: azureCompletion(
      chatCompletion('<think>hm</think>Yes.', { id: 'cmpl-1', model: 'DeepSeek-R1' }),
    ),
  });
  const events = await chatEvents(runtime(), chatRequest({ model: 'DeepSeek-R1', stream: false }));
  t.equal(fake.lastRequest()?.headers.accept, 'application/json');
  t.equal(body(fake).stream, false);
  t.notOk('stream_options' in body(fake));
  t.same(kinds(events).slice(0, 3), [
    ['reasoning', 'hm'],
    ['text', 'Yes.'],
    ['stop', 'stop'],
  ]);
});

t.test('the endpoint: a bare Foundry host gets /models; a pasted URL is cut back', async (t) => {
  t.equal(
    azureAIEndpoint({ endpoint: 'https://res.services.ai.azure.com/' }),
    'https://res.services.ai.azure.com/models',
  );
  t.equal(
    azureAIEndpoint({
      baseURL:
        'https://res.services.ai.azure.com/models/chat/completions?api-version=2024-05-01-preview',
    }),
    'https://res.services.ai.azure.com/models',
  );
  t.equal(
    azureAIEndpoint({ endpoint: 'https://models.inference.ai.azure.com' }),
    'https://models.inference.ai.azure.com',
  );
  const { fake, runtime } = await azureAISetup(t);
  await chatEvents(
    runtime({ endpoint: undefined, baseURL: `${fake.modelsURL}/chat/completions` }),
    chatRequest({ model: 'Phi-4' }),
  );
  t.equal(fake.lastRequest()?.path, '/models/chat/completions');
});

t.test('no remote model list; serverVault reads AZUREAI_ENDPOINT', async (t) => {
  const { runtime } = await azureAISetup(t);
  t.equal(runtime().models, undefined);
  t.same(definition.serverVault?.({ AZUREAI_ENDPOINT: 'https://r.services.ai.azure.com/models' }), {
    endpoint: 'https://r.services.ai.azure.com/models',
  });
});
