import t, { type Test } from 'tap';
import { authHeader, parseEventStream, startGateway } from '../../helpers/gateway.js';
import {
  API_KEY_INVALID,
  LOCATION_NOT_SUPPORTED,
  chunk,
  functionCall,
  usage,
} from '@manifold/provider-kit/fakes/google-builders';
import { fakeGoogle, GOOGLE_KEY } from './helpers.js';

const ask = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    model: 'gemini-2.5-flash',
    messages: [{ role: 'user', content: 'Weather in Paris?' }],
    ...extra,
  });

/** One fake and one gateway for the whole file (a gateway loads every provider: slow to build). */
async function start(t: Test) {
  const fake = await fakeGoogle(t);
  const { url } = await startGateway(t, { GOOGLE_PROXY_URL: fake.url, GOOGLE_API_KEY: GOOGLE_KEY });
  const chat = async (body: string, token = {}) => {
    const response = await fetch(`${url}/webapi/chat/google`, {
      method: 'POST',
      headers: await authHeader(token),
      body,
    });
    return { status: response.status, text: await response.text() };
  };
  return { fake, url, chat };
}
const setup = start(t);
const gateway = (_t: Test) => setup;

t.test(
  'a streamed answer with reasoning, text and a tool call is exactly the contract stream',
  async (t) => {
    const { fake, chat } = await gateway(t);
    const id = 'resp-e2e-1';
    fake.reply({
      kind: 'chunks',
      chunks: [
        chunk([{ text: 'The user wants weather.', thought: true }], {
          responseId: id,
          usage: usage(20),
        }),
        chunk([{ text: 'Let me check.' }], { responseId: id, usage: usage(20) }),
        chunk([functionCall('realtime-weather____fetchCurrentWeather', { city: 'Paris' })], {
          responseId: id,
          finishReason: 'STOP',
          usage: usage(20, 12, { thoughts: 30 }),
        }),
      ],
    });
    const { status, text } = await chat(
      ask({
        tools: [
          {
            type: 'function',
            function: {
              name: 'realtime-weather____fetchCurrentWeather',
              parameters: { type: 'object', properties: { city: { type: 'string' } } },
            },
          },
        ],
      }),
    );
    t.equal(status, 200);
    const events = parseEventStream(text);
    const callId = (events[2]?.data as any)?.[0]?.id;
    t.match(callId, /^realtime-weather____fetchCurrentWeather_0_[0-9A-Za-z]{8}$/);
    t.same(events.slice(0, -1), [
      { id, event: 'reasoning', data: 'The user wants weather.' },
      { id, event: 'text', data: 'Let me check.' },
      {
        id,
        event: 'tool_calls',
        data: [
          {
            index: 0,
            id: callId,
            type: 'function',
            function: {
              name: 'realtime-weather____fetchCurrentWeather',
              arguments: '{"city":"Paris"}',
            },
          },
        ],
      },
      { id, event: 'stop', data: 'STOP' },
      {
        id,
        event: 'usage',
        data: {
          totalInputTokens: 20,
          totalOutputTokens: 42,
          totalTokens: 62,
          inputTextTokens: 20,
          outputReasoningTokens: 30,
          outputTextTokens: 12,
        },
      },
    ]);
    t.match(events.at(-1), {
      id: 'output_speed',
      event: 'speed',
      data: { ttft: Number, tps: Number },
    });
    const sent = fake.lastGenerate()!;
    t.equal(sent.headers['x-goog-api-key'], GOOGLE_KEY, 'the server key reaches Google');
    t.same(sent.body.generationConfig.thinkingConfig, {
      includeThoughts: true,
      thinkingBudget: -1,
    });
    t.equal(
      sent.body.tools[0].functionDeclarations[0].name,
      'realtime-weather____fetchCurrentWeather',
    );
  },
);

t.test(
  'a key Google refuses is HTTP 401 InvalidProviderAPIKey without the key or the proxy host',
  async (t) => {
    const { chat } = await gateway(t);
    const wrong = 'AIzaSyWrongKey0123456789abcdefghijklm';
    const { status, text } = await chat(ask(), { apiKey: wrong });
    t.equal(status, 401);
    const body = JSON.parse(text);
    t.equal(body.errorType, 'InvalidProviderAPIKey');
    t.match(body.body, {
      provider: 'google',
      message: 'API key not valid. Please pass a valid API key.',
    });
    t.match(body.body.error, API_KEY_INVALID.error as object);
    t.notMatch(text, /AIzaSyWrong/);
    t.notMatch(text, /127\.0\.0\.1/);
  },
);

t.test('an unsupported location is HTTP 403 LocationNotSupportError', async (t) => {
  const { fake, chat } = await gateway(t);
  fake.reply({ kind: 'json', status: 400, body: LOCATION_NOT_SUPPORTED });
  const { status, text } = await chat(ask());
  t.equal(status, 403);
  t.equal(JSON.parse(text).errorType, 'LocationNotSupportError');
});

t.test('GET /webapi/models/google lists Google’s chat models', async (t) => {
  const { fake, url } = await gateway(t);
  const response = await fetch(`${url}/webapi/models/google`, { headers: await authHeader({}) });
  t.equal(response.status, 200);
  const { models } = (await response.json()) as { models: Array<{ id: string; source: string }> };
  t.same(
    models.map((model) => model.id),
    ['gemini-2.5-pro', 'gemini-2.5-flash', 'gemini-2.0-flash'],
  );
  t.ok(models.every((model) => model.source === 'remote'));
  t.equal(fake.requests.at(-1)?.path, '/v1beta/models');
});

t.test(
  'the google manifest is served enabled, third, with its key form and the server key',
  async (t) => {
    const { url } = await gateway(t);
    const { providers } = (await (await fetch(`${url}/providers`)).json()) as { providers: any[] };
    t.match(
      providers.find((provider) => provider.id === 'google'),
      {
        sdkType: 'google',
        source: 'builtin',
        enabled: true,
        sort: 3,
        serverKey: true,
        defaultBaseURL: 'https://generativelanguage.googleapis.com',
        settings: { searchMode: 'internal', responseAnimation: { speed: 50, text: 'smooth' } },
      },
    );
  },
);
