import t, { type Test } from 'tap';
import { authHeader, parseEventStream, startGateway } from '../../helpers/gateway.js';
import { chunk, functionCall, usage } from '@manifold/provider-kit/fakes/google-builders';
import { fakeGoogle } from '../google/helpers.js';
import { serviceAccount } from './helpers.js';

const ask = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    model: 'gemini-2.5-pro',
    messages: [{ role: 'user', content: 'Plan a trip' }],
    ...extra,
  });

/** One fake and one gateway for the whole file (a gateway loads every provider: slow to build). */
async function start(t: Test) {
  const fake = await fakeGoogle(t, {});
  const { url } = await startGateway(t, {
    VERTEXAI_PROXY_URL: fake.url,
    VERTEXAI_CREDENTIALS: JSON.stringify(serviceAccount(fake.tokenURL)),
    VERTEXAI_LOCATION: 'europe-west4',
  });
  const chat = async (body: string, token = {}) => {
    const response = await fetch(`${url}/webapi/chat/vertexai`, {
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
    const id = 'vertex-e2e-1';
    fake.reply({
      kind: 'chunks',
      chunks: [
        chunk([{ text: 'Need the calendar.', thought: true }], { responseId: id }),
        chunk([{ text: 'Checking dates.' }], { responseId: id }),
        chunk([functionCall('calendar____list', { month: 5 })], {
          responseId: id,
          finishReason: 'STOP',
          usage: usage(9, 7, { thoughts: 11 }),
        }),
      ],
    });
    const { status, text } = await chat(ask());
    t.equal(status, 200);
    const events = parseEventStream(text);
    const callId = (events[2]?.data as any)?.[0]?.id;
    t.match(callId, /^calendar____list_0_[0-9A-Za-z]{8}$/);
    t.same(events.slice(0, -1), [
      { id, event: 'reasoning', data: 'Need the calendar.' },
      { id, event: 'text', data: 'Checking dates.' },
      {
        id,
        event: 'tool_calls',
        data: [
          {
            index: 0,
            id: callId,
            type: 'function',
            function: { name: 'calendar____list', arguments: '{"month":5}' },
          },
        ],
      },
      { id, event: 'stop', data: 'STOP' },
      {
        id,
        event: 'usage',
        data: {
          totalInputTokens: 9,
          totalOutputTokens: 18,
          totalTokens: 27,
          inputTextTokens: 9,
          outputReasoningTokens: 11,
          outputTextTokens: 7,
        },
      },
    ]);
    t.match(events.at(-1), {
      id: 'output_speed',
      event: 'speed',
      data: { ttft: Number, tps: Number },
    });
    t.equal(
      fake.lastGenerate()?.path,
      '/v1/projects/manifold-test/locations/europe-west4/publishers/google/models/gemini-2.5-pro:streamGenerateContent',
    );
    t.equal(fake.lastGenerate()?.headers.authorization, 'Bearer ya29.fake-token-1');
  },
);

t.test('a refused service account is HTTP 401 InvalidVertexCredentials', async (t) => {
  const { fake, chat } = await gateway(t);
  fake.replyToken({
    kind: 'json',
    status: 400,
    body: { error: 'invalid_grant', error_description: 'Invalid grant: account not found' },
  });
  // another key (its own runtime, so a fresh token exchange) sent in the auth token
  const other = JSON.stringify(serviceAccount(fake.tokenURL, { private_key_id: 'revoked-key' }));
  const { status, text } = await chat(ask(), { apiKey: other });
  t.equal(status, 401);
  const body = JSON.parse(text);
  t.equal(body.errorType, 'InvalidVertexCredentials');
  t.equal(body.body.provider, 'vertexai');
  t.notMatch(text, /PRIVATE KEY/);
});

t.test(
  'credentials in the auth token win; malformed ones are 401 InvalidVertexCredentials',
  async (t) => {
    const { chat } = await gateway(t);
    const { status, text } = await chat(ask(), { apiKey: '{"type": "service_account"' });
    t.equal(status, 401);
    t.equal(JSON.parse(text).errorType, 'InvalidVertexCredentials');
  },
);

t.test('GET /webapi/models/vertexai says there is no remote list', async (t) => {
  const { url } = await gateway(t);
  const response = await fetch(`${url}/webapi/models/vertexai`, { headers: await authHeader({}) });
  t.equal(response.status, 405);
});

t.test('the vertexai manifest is served with the service-account form, server-only', async (t) => {
  const { url } = await gateway(t);
  const { providers } = (await (await fetch(`${url}/providers`)).json()) as { providers: any[] };
  const vertex = providers.find((provider) => provider.id === 'vertexai');
  t.match(vertex, {
    sdkType: 'google',
    enabled: true,
    serverKey: true,
    settings: { disableBrowserRequest: true, searchMode: 'internal' },
  });
  t.same(
    vertex.keyVault.map((field: any) => [field.field, field.label]),
    [
      ['apiKey', 'Service account JSON key'],
      ['region', 'Location'],
    ],
  );
});
