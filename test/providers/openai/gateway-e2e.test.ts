import t, { type Test } from 'tap';
import { request as httpRequest } from 'node:http';
import { authHeader, parseEventStream, startGateway } from '../../helpers/gateway.js';
import { eventually } from '../../provider-kit/fakes/openai-harness.js';
import { chatUsage, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { fakeUpstream } from '../../wires/openai/runtime-helpers.js';

const KEY = 'sk-server-0123456789abcdefghijkl';
const ask = (model = 'gpt-4o-mini', extra: Record<string, unknown> = {}) =>
  JSON.stringify({ model, messages: [{ role: 'user', content: 'Weather?' }], ...extra });

async function gateway(t: Test, env: Record<string, string> = {}) {
  const fake = await fakeUpstream(t);
  const { url } = await startGateway(t, {
    OPENAI_PROXY_URL: fake.baseURL,
    OPENAI_API_KEY: KEY,
    ...env,
  });
  const chat = async (body: string, path = '/webapi/chat/openai', token = {}) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: await authHeader(token),
      body,
    });
    return { status: response.status, text: await response.text() };
  };
  return { fake, url, chat };
}

t.test(
  'think tags split across chunks stream as exact reasoning then text, with the stable id and tail',
  async (t) => {
    const { fake, chat } = await gateway(t);
    fake.reply({ kind: 'fixture', name: 'think-tags' });
    const { status, text } = await chat(
      ask('deepseek-r1-distill-llama-70b', { user: 'u-1', temperature: 0.3 }),
    );
    t.equal(status, 200);
    const events = parseEventStream(text);
    const id = 'chatcmpl-4b1f7c2e-8d3a-4e5f-9a6b-7c8d9e0f1a2b';
    t.same(
      events.slice(0, -1).map((event) => [event.id, event.event, event.data]),
      [
        [id, 'reasoning', 'plan'],
        [id, 'reasoning', ' more'],
        [id, 'text', 'Answer'],
        [id, 'text', ' is 4.'],
        [id, 'stop', 'stop'],
        [
          id,
          'usage',
          {
            totalInputTokens: 15,
            totalOutputTokens: 12,
            totalTokens: 27,
            inputTextTokens: 15,
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
    t.same(fake.lastRequest()?.body, {
      model: 'deepseek-r1-distill-llama-70b',
      messages: [{ role: 'user', content: 'Weather?' }],
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.3,
      user: 'u-1',
    });
    t.equal(
      fake.lastRequest()?.headers.authorization,
      `Bearer ${KEY}`,
      'the server key reaches the upstream',
    );
  },
);

t.test('parallel tool calls each keep their own id and name on every fragment', async (t) => {
  const { fake, chat } = await gateway(t);
  fake.reply({ kind: 'fixture', name: 'parallel-tool-calls' });
  const events = parseEventStream((await chat(ask('gpt-4o'))).text);
  const fragments = events
    .filter((event) => event.event === 'tool_calls')
    .flatMap((event) => event.data as Array<Record<string, any>>);
  const byIndex = (index: number) => fragments.filter((fragment) => fragment.index === index);
  t.ok(
    byIndex(0).every(
      (f) => f.id === 'call_8mKqLr2VtXw9yZ0aBcDeF1gH' && f.function.name === 'get_weather',
    ),
  );
  t.ok(
    byIndex(1).every(
      (f) => f.id === 'call_3nPsQt4UvWx5yZ6aBcDeF7gI' && f.function.name === 'get_weather',
    ),
  );
  t.equal(
    byIndex(0)
      .map((f) => f.function.arguments)
      .join(''),
    '{"city":"Paris"}',
  );
  t.equal(
    byIndex(1)
      .map((f) => f.function.arguments)
      .join(''),
    '{"city":"Tokyo"}',
  );
  t.same(
    events.slice(-3).map((event) => event.event),
    ['stop', 'usage', 'speed'],
  );
  t.equal(events.at(-3)!.data, 'tool_calls');
});

t.test('?format=json gives the final result with merged tool calls', async (t) => {
  const { fake, chat } = await gateway(t);
  fake.reply({ kind: 'fixture', name: 'parallel-tool-calls' });
  const { status, text } = await chat(ask('gpt-4o'), '/webapi/chat/openai?format=json');
  t.equal(status, 200);
  t.match(JSON.parse(text), {
    id: 'chatcmpl-BpR5qWm2Zk8vNn3YcTgXe6LrA0sJf',
    text: '',
    stop: 'tool_calls',
    toolCalls: [
      {
        id: 'call_8mKqLr2VtXw9yZ0aBcDeF1gH',
        function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
      },
      {
        id: 'call_3nPsQt4UvWx5yZ6aBcDeF7gI',
        function: { name: 'get_weather', arguments: '{"city":"Tokyo"}' },
      },
    ],
    usage: { totalTokens: 128 },
  });
});

t.test('a chunk that is not JSON ends the stream with StreamChunkError', async (t) => {
  const { fake, chat } = await gateway(t);
  fake.reply({ kind: 'fixture', name: 'bad-json' });
  const events = parseEventStream((await chat(ask())).text);
  t.match(events.at(-1), {
    event: 'error',
    data: {
      type: 'StreamChunkError',
      message:
        'chat response streaming chunk parse error, please contact your API Provider to fix it.',
    },
  });
  t.notOk(
    events.some((event) => event.event === 'stop'),
    'no stop after an error',
  );
});

t.test('a dropped upstream connection yields one unexpected_end error', async (t) => {
  const { fake, chat } = await gateway(t);
  fake.reply({ kind: 'chunks', chunks: textChunks(['a', 'b', 'c']), dropAfter: 2 });
  const events = parseEventStream((await chat(ask())).text);
  t.same(
    events.map((event) => event.event),
    ['text', 'text', 'error'],
  );
  t.match(events[2]!.data, {
    type: 'ProviderBizError',
    body: { reason: 'unexpected_end', provider: 'openai' },
  });
});

t.test(
  'an upstream 401 is HTTP 401 with the custom endpoint masked and no key in the body',
  async (t) => {
    const { fake, chat } = await gateway(t);
    fake.reply({
      kind: 'error',
      status: 401,
      code: 'invalid_api_key',
      message: `Incorrect API key provided: ${KEY}`,
    });
    const { status, text } = await chat(ask());
    t.equal(status, 401);
    const body = JSON.parse(text);
    t.equal(body.errorType, 'InvalidProviderAPIKey');
    t.equal(body.body.provider, 'openai');
    t.notMatch(body.body.endpoint, /127\.0\.0\.1/, 'the proxy host is masked');
    t.notMatch(text, KEY, 'the key never reaches the client');
  },
);

t.test('insufficient_quota is 429 InsufficientQuota', async (t) => {
  const { fake, chat } = await gateway(t);
  fake.reply({ kind: 'error', status: 429, code: 'insufficient_quota' });
  const { status, text } = await chat(ask());
  t.equal(status, 429);
  t.equal(JSON.parse(text).errorType, 'InsufficientQuota');
});

t.test('a key and base URL in the token win over the server configuration', async (t) => {
  const { fake, chat } = await gateway(t, { OPENAI_PROXY_URL: 'http://127.0.0.1:9/v1' });
  fake.reply({ kind: 'chunks', chunks: textChunks(['ok'], { usage: chatUsage(1, 1) }) });
  const { status } = await chat(ask(), '/webapi/chat/openai', {
    apiKey: 'sk-user-key',
    baseURL: fake.url,
  });
  t.equal(status, 200);
  t.equal(fake.lastRequest()?.headers.authorization, 'Bearer sk-user-key');
  t.equal(fake.lastRequest()?.path, '/v1/chat/completions', 'a bare origin in the token gets /v1');
});

t.test('a client that disconnects mid-stream releases the upstream socket at once', async (t) => {
  const { fake, url } = await gateway(t);
  fake.reply({
    kind: 'chunks',
    chunks: textChunks(Array.from({ length: 40 }, (_, i) => `w${i} `)),
    delayMs: 50,
  });
  const headers = await authHeader();
  await new Promise<void>((resolve, reject) => {
    const req = httpRequest(
      `${url}/webapi/chat/openai`,
      { method: 'POST', headers },
      (response) => {
        response.once('data', () => {
          req.destroy();
          resolve();
        });
      },
    );
    req.on('error', (error) =>
      /socket hang up|aborted/.test(error.message) ? resolve() : reject(error),
    );
    req.end(ask());
  });
  const closed = Date.now();
  await fake.waitForClientClose();
  t.ok(Date.now() - closed < 1000, 'the upstream saw the close within a second');
  t.ok(
    await eventually(() => fake.openConnections() === 0, 1000),
    'no upstream connection stays open',
  );
});

t.test('GET /webapi/models/openai filters non-chat ids and prefers built-in cards', async (t) => {
  const { url } = await gateway(t);
  const response = await fetch(`${url}/webapi/models/openai`, { headers: await authHeader() });
  t.equal(response.status, 200);
  const { models } = (await response.json()) as {
    models: Array<{ id: string; source: string; contextWindowTokens?: number }>;
  };
  const ids = models.map((model) => model.id);
  for (const bad of [
    'text-embedding-3-small',
    'whisper-1',
    'dall-e-3',
    'tts-1',
    'davinci-002',
    'babbage-002',
    'omni-moderation-latest',
  ]) {
    t.notOk(ids.includes(bad), `${bad} is filtered out`);
  }
  t.ok(ids.includes('gpt-4o'));
  t.ok(models.every((model) => model.source === 'remote'));
  t.ok(
    models.find((model) => model.id === 'gpt-4o')?.contextWindowTokens,
    'gpt-4o keeps its built-in context window',
  );
});
