import t, { type Test } from 'tap';
import { authHeader, parseEventStream, startGateway } from '../../helpers/gateway.js';
import {
  anthropicStream,
  textBlock,
  thinkingBlock,
  toolUseBlock,
} from '@manifold/provider-kit/fakes/anthropic-builders';
import { startFakeAnthropic } from '@manifold/provider-kit/fakes/anthropic';

const KEY = 'sk-ant-api03-server0123456789abcdefgh';
const ID = 'msg_01E2E';

async function gateway(t: Test) {
  const fake = await startFakeAnthropic({ apiKey: KEY });
  t.teardown(() => fake.close());
  const { url } = await startGateway(t, {
    ANTHROPIC_PROXY_URL: fake.url,
    ANTHROPIC_API_KEY: KEY,
    // a 529 answered as it came, not retried (retries have their own tests)
    RETRY_MAX: '0',
  });
  const chat = async (body: unknown, query = '') => {
    const response = await fetch(`${url}/webapi/chat/anthropic${query}`, {
      method: 'POST',
      headers: await authHeader({ userId: 'user-7' }),
      body: JSON.stringify(body),
    });
    return { status: response.status, text: await response.text() };
  };
  return { fake, url, chat };
}

const request = {
  model: 'claude-sonnet-4-5-20250929',
  messages: [
    { role: 'system', content: 'You are a weather bot.' },
    { role: 'user', content: 'Weather in Paris?' },
  ],
  tools: [
    {
      type: 'function',
      function: {
        name: 'weather____current',
        description: 'Current weather',
        parameters: { type: 'object', properties: { city: { type: 'string' } } },
      },
    },
  ],
  thinking: { type: 'enabled', budget_tokens: 2048 },
};

const answer = anthropicStream(
  [
    thinkingBlock(['Plan', ' it.'], 'sig-e2e'),
    textBlock(['Checking', ' the weather.']),
    toolUseBlock('toolu_e2e', 'weather____current', ['{"city":', '"Paris"}']),
  ],
  {
    id: ID,
    stopReason: 'tool_use',
    usage: { input: 30, cacheRead: 100, cacheCreation: 20, startOutput: 1, output: 40 },
  },
);

t.test(
  'a streamed chat with reasoning, text, a tool call and usage is exactly the CONTRACT stream',
  async (t) => {
    const { fake, chat } = await gateway(t);
    fake.reply({ kind: 'events', events: answer });
    const { status, text } = await chat(request);
    t.equal(status, 200);
    const events = parseEventStream(text);
    const call = (args: string) => [
      {
        index: 0,
        id: 'toolu_e2e',
        type: 'function',
        function: { name: 'weather____current', arguments: args },
      },
    ];
    t.same(
      events.slice(0, -1).map((event) => [event.id, event.event, event.data]),
      [
        [ID, 'reasoning', 'Plan'],
        [ID, 'reasoning', ' it.'],
        [ID, 'reasoning_signature', 'sig-e2e'],
        [ID, 'text', 'Checking'],
        [ID, 'text', ' the weather.'],
        [ID, 'tool_calls', call('')],
        [ID, 'tool_calls', call('{"city":')],
        [ID, 'tool_calls', call('"Paris"}')],
        [ID, 'stop', 'tool_use'],
        [
          ID,
          'usage',
          {
            totalInputTokens: 150,
            totalOutputTokens: 40,
            totalTokens: 190,
            inputCacheMissTokens: 30,
            inputCachedTokens: 100,
            inputWriteCacheTokens: 20,
          },
        ],
      ],
    );
    t.match(events.at(-1), {
      id: 'output_speed',
      event: 'speed',
      data: { ttft: Number, tps: Number },
    });

    const upstream = fake.lastRequest()!;
    t.equal(upstream.headers['x-api-key'], KEY, 'the server key reaches the upstream');
    t.equal(upstream.headers['anthropic-version'], '2023-06-01');
    t.same(upstream.body, {
      model: 'claude-sonnet-4-5-20250929',
      max_tokens: 64000,
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      system: [
        { type: 'text', text: 'You are a weather bot.', cache_control: { type: 'ephemeral' } },
      ],
      tools: [
        {
          name: 'weather____current',
          description: 'Current weather',
          input_schema: { type: 'object', properties: { city: { type: 'string' } } },
          cache_control: { type: 'ephemeral' },
        },
      ],
      thinking: { type: 'enabled', budget_tokens: 2048 },
      metadata: { user_id: 'user-7' },
      stream: true,
    });
  },
);

t.test('?format=json gives the final result with reasoning signature and tool call', async (t) => {
  const { fake, chat } = await gateway(t);
  fake.reply({ kind: 'events', events: answer });
  const { status, text } = await chat(request, '?format=json');
  t.equal(status, 200);
  t.match(JSON.parse(text), {
    id: ID,
    text: 'Checking the weather.',
    reasoning: { content: 'Plan it.', signature: 'sig-e2e' },
    toolCalls: [
      { id: 'toolu_e2e', function: { name: 'weather____current', arguments: '{"city":"Paris"}' } },
    ],
    stop: 'tool_use',
    usage: { totalTokens: 190 },
  });
});

t.test('an upstream 401 is HTTP 401 InvalidProviderAPIKey with the endpoint masked', async (t) => {
  const { fake, chat } = await gateway(t);
  fake.reply({
    kind: 'error',
    status: 401,
    type: 'authentication_error',
    message: 'invalid x-api-key',
  });
  const { status, text } = await chat(request);
  t.equal(status, 401);
  const body = JSON.parse(text);
  t.equal(body.errorType, 'InvalidProviderAPIKey');
  t.match(body.body, {
    provider: 'anthropic',
    error: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } },
  });
  t.type(body.body.endpoint, 'string');
  t.notMatch(body.body.endpoint, /127\.0\.0\.1/, 'the proxy host is masked');
  t.notMatch(text, KEY);
});

t.test('an upstream 529 overloaded_error is HTTP 471 ProviderBizError', async (t) => {
  const { fake, chat } = await gateway(t);
  fake.reply({ kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded' });
  const { status, text } = await chat(request);
  t.equal(status, 471);
  t.equal(JSON.parse(text).errorType, 'ProviderBizError');
});

t.test('GET /webapi/models/anthropic lists remote models with built-in cards', async (t) => {
  const { fake, url } = await gateway(t);
  const response = await fetch(`${url}/webapi/models/anthropic`, { headers: await authHeader() });
  t.equal(response.status, 200);
  const { models } = (await response.json()) as {
    models: Array<{ id: string; source: string; displayName?: string }>;
  };
  t.same(
    models.map((model) => model.id),
    [
      'claude-sonnet-4-5-20250929',
      'claude-haiku-4-5-20251001',
      'claude-opus-4-1-20250805',
      'claude-future-9-20270101',
    ],
  );
  t.ok(models.every((model) => model.source === 'remote'));
  t.equal(models[0]?.displayName, 'Claude Sonnet 4.5', 'the built-in card is preferred');
  const listed = fake.lastRequest()!;
  t.equal(listed.path, '/v1/models');
  t.equal(listed.headers['x-api-key'], KEY);
  t.equal(listed.headers['anthropic-version'], '2023-06-01');
});

t.test('GET /providers lists Anthropic enabled at sort 2 with its key form', async (t) => {
  const { url } = await gateway(t);
  const { providers } = (await (await fetch(`${url}/providers`)).json()) as {
    providers: Array<Record<string, any>>;
  };
  const anthropic = providers.find((provider) => provider.id === 'anthropic');
  t.match(anthropic, {
    sdkType: 'anthropic',
    enabled: true,
    sort: 2,
    serverKey: true,
    settings: { responseAnimation: 'smooth' },
  });
  t.same(
    anthropic?.keyVault.map((field: { field: string }) => field.field),
    ['apiKey', 'baseURL'],
  );
});
