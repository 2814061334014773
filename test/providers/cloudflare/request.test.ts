import t from 'tap';
import {
  callContext,
  chatEvents,
  chatRequest,
  rejection,
  thrown,
  user,
} from '../../wires/openai/runtime-helpers.js';
import { nativeChunk } from '@manifold/provider-kit/fakes/cloudflare-builders';
import {
  cloudflareOptions,
  cloudflareRuntime,
  definition,
  fakeCloudflare,
  lastBody,
} from './helpers.js';

const LLAMA = '@cf/meta/llama-3.3-70b-instruct-fp8-fast';
const weatherTool = {
  type: 'function' as const,
  function: {
    name: 'weather____get_weather',
    description: 'Current weather of a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    strict: true,
  },
};

t.test('tools go in the {name, description, parameters} form, history as tool_calls', async (t) => {
  const fake = await fakeCloudflare(t);
  await chatEvents(
    cloudflareRuntime(fake),
    chatRequest({
      model: LLAMA,
      tools: [weatherTool],
      messages: [
        user('Weather in Paris?'),
        {
          role: 'assistant',
          content: null,
          tools: [
            {
              id: 'call_1',
              identifier: 'weather',
              apiName: 'get_weather',
              type: 'default',
              arguments: '{"city":"Paris"}',
            },
          ],
        },
        { role: 'tool', content: '18°C', tool_call_id: 'call_1', name: 'weather____get_weather' },
      ],
    }),
  );
  t.same(lastBody(fake), {
    messages: [
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: '',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'weather____get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      },
      { role: 'tool', content: '18°C', tool_call_id: 'call_1', name: 'weather____get_weather' },
    ],
    stream: true,
    tools: [
      {
        name: 'weather____get_weather',
        description: 'Current weather of a city',
        parameters: {
          type: 'object',
          properties: { city: { type: 'string' } },
          required: ['city'],
        },
      },
    ],
  });
});

t.test('top_p and the penalties are held in the ranges Workers AI accepts', async (t) => {
  const fake = await fakeCloudflare(t);
  const options = cloudflareOptions(fake);
  await chatEvents(
    definition.createRuntime(options),
    chatRequest({ model: LLAMA, top_p: 0, frequency_penalty: -1, presence_penalty: 1.5 }),
  );
  const body = lastBody(fake);
  t.equal(body.top_p, 0.001);
  t.equal(body.frequency_penalty, 0);
  t.equal(body.presence_penalty, 1.5);
  t.ok(
    options.logger.records.some(
      (record) => record.level === 'debug' && /top_p 0 → 0.001/.test(record.message ?? ''),
    ),
    'the change is logged at debug',
  );
});

t.test('images go inline as data URLs and files join the text', async (t) => {
  const fake = await fakeCloudflare(t);
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  const fetched: string[] = [];
  const fetchUserContent = (async (url: string | URL | Request) => {
    fetched.push(String(url));
    return new Response(png, { headers: { 'content-type': 'image/png' } });
  }) as typeof fetch;
  await chatEvents(
    cloudflareRuntime(fake, { fetchUserContent }),
    chatRequest({
      model: '@cf/meta/llama-4-scout-17b-16e-instruct',
      messages: [
        user('What is this?', {
          imageList: [{ url: 'https://images.example.com/cat.png' }],
          fileList: [
            { id: 'f1', name: 'notes.txt', fileType: 'text/plain', size: 4, content: 'meow' },
          ],
        }),
      ],
    }),
  );
  t.same(fetched, ['https://images.example.com/cat.png']);
  t.same(lastBody(fake).messages, [
    {
      role: 'user',
      content: [
        {
          type: 'text',
          text: 'What is this?\n\n<files>\n<file name="notes.txt" type="text/plain">\nmeow\n</file>\n</files>',
        },
        {
          type: 'image_url',
          image_url: { url: `data:image/png;base64,${png.toString('base64')}` },
        },
      ],
    },
  ]);
});

t.test('an image that cannot be fetched is a 400 before any upstream call', async (t) => {
  const fake = await fakeCloudflare(t);
  const fetchUserContent = (async () => new Response('gone', { status: 404 })) as typeof fetch;
  const error = await rejection(
    cloudflareRuntime(fake, { fetchUserContent }).chat(
      chatRequest({
        model: LLAMA,
        messages: [user('Look', { imageList: [{ url: 'https://x.example/a.png' }] })],
      }),
      callContext(),
    ),
  );
  t.equal(error?.errorType, 'BadRequest');
  t.match(error?.body.message, /https:\/\/x\.example\/a\.png.*HTTP 404/);
  t.equal(fake.requests.length, 0);
});

t.test(
  'construction needs an account id or a base URL, and a key with an account id',
  async (t) => {
    const fake = await fakeCloudflare(t);
    const neither = thrown(() =>
      definition.createRuntime(cloudflareOptions(fake, { baseURLOrAccountID: undefined })),
    );
    t.equal(neither?.errorType, 'InvalidProviderAPIKey');
    t.match(neither?.body.message, /account ID or a base URL/);
    const noKey = thrown(() =>
      definition.createRuntime(cloudflareOptions(fake, { apiKey: undefined })),
    );
    t.equal(noKey?.errorType, 'InvalidProviderAPIKey');
    t.match(noKey?.body.message, /API token together with the account ID/);
    const bad = thrown(() =>
      definition.createRuntime(cloudflareOptions(fake, { baseURLOrAccountID: '../../zones' })),
    );
    t.equal(bad?.errorType, 'InvalidProviderAPIKey', 'an account id is a plain identifier');
  },
);

t.test('a base URL (AI Gateway) gets the model appended and works without a key', async (t) => {
  const fake = await fakeCloudflare(t, { token: 'gateway-adds-auth' });
  const withKey = cloudflareRuntime(fake, {
    baseURLOrAccountID: fake.gatewayURL('prod'),
    apiKey: 'gateway-adds-auth',
    baseURL: undefined,
  });
  await chatEvents(withKey, chatRequest({ model: LLAMA }));
  t.equal(fake.lastRequest()?.path, `/v1/${fake.accountId}/prod/workers-ai/${LLAMA}`);
  t.equal(fake.lastRequest()?.headers.authorization, 'Bearer gateway-adds-auth');

  const keyless = cloudflareRuntime(fake, {
    baseURLOrAccountID: `${fake.gatewayURL('prod')}/`,
    apiKey: undefined,
  });
  const error = await rejection(keyless.chat(chatRequest({ model: LLAMA }), callContext()));
  t.equal(fake.lastRequest()?.headers.authorization, undefined, 'no Authorization without a key');
  t.equal(fake.lastRequest()?.path, `/v1/${fake.accountId}/prod/workers-ai/${LLAMA}`);
  t.equal(error?.errorType, 'InvalidProviderAPIKey', "the fake's 401 maps to the invalid key");
});

t.test('a model id that would leave the run path is refused before any call', async (t) => {
  const fake = await fakeCloudflare(t);
  for (const model of ['../../../user/tokens', '@cf/x?y=1', '@cf/a b', '@cf/x#f', '@cf\\x']) {
    const error = await rejection(
      cloudflareRuntime(fake).chat(chatRequest({ model }), callContext()),
    );
    t.equal(error?.errorType, 'BadRequest', model);
  }
  t.equal(fake.requests.length, 0);
});

t.test('DEBUG_CLOUDFLARE_CHAT_COMPLETION=1 logs the payload and every chunk', async (t) => {
  const fake = await fakeCloudflare(t);
  fake.reply({ kind: 'stream', chunks: [nativeChunk('Hi')] });
  const options = cloudflareOptions(fake, { env: { DEBUG_CLOUDFLARE_CHAT_COMPLETION: '1' } });
  await chatEvents(definition.createRuntime(options), chatRequest({ model: LLAMA }));
  const info = options.logger.records.filter((record) => record.level === 'info');
  t.same(
    info.map((record) => record.message),
    ['chat completion payload', 'chat completion chunk', 'chat completion chunk'],
  );
  t.equal(info.at(-1)?.object.chunk, '[DONE]');
});

t.test('serverVault reads CLOUDFLARE_BASE_URL_OR_ACCOUNT_ID', async (t) => {
  t.same(definition.serverVault?.({ CLOUDFLARE_BASE_URL_OR_ACCOUNT_ID: ' abc123 ' }), {
    baseURLOrAccountID: 'abc123',
  });
  t.same(definition.serverVault?.({}), {});
});
