import t from 'tap';
import { definition } from '@manifold/provider-bedrock';
import { chatEvents, thrown } from '../../wires/openai/runtime-helpers.js';
import { ask, bedrockOptions, bedrockRuntime, fakeBedrock, HAIKU_35, lastBody } from './helpers.js';

t.test('a runtime without an access key id and secret is InvalidBedrockCredentials', async (t) => {
  const fake = await fakeBedrock(t);
  for (const missing of [
    { accessKeyId: undefined },
    { secretAccessKey: undefined },
    { accessKeyId: '', secretAccessKey: '' },
  ]) {
    const error = thrown(() => definition.createRuntime(bedrockOptions(fake, missing)));
    t.equal(error?.errorType, 'InvalidBedrockCredentials', JSON.stringify(missing));
    t.equal(error?.body.provider, 'bedrock');
  }
  t.equal(fake.requests.length, 0, 'nothing was sent');
});

t.test('the region defaults to us-east-1 in the signed credential scope', async (t) => {
  const fake = await fakeBedrock(t);
  await chatEvents(bedrockRuntime(fake), ask());
  t.match(fake.lastRequest()?.signature, { region: 'us-east-1', service: 'bedrock' });
  t.match(fake.lastRequest()?.headers.authorization, /\/us-east-1\/bedrock\/aws4_request/);

  await chatEvents(bedrockRuntime(fake, { region: 'eu-central-1' }), ask());
  t.match(fake.lastRequest()?.signature, { region: 'eu-central-1' }, 'a configured region wins');
});

t.test('a region that is not an AWS region is refused before anything is sent', async (t) => {
  const fake = await fakeBedrock(t);
  for (const region of ['evil.example.com/#', 'us-east-1.attacker.net', 'localhost:80']) {
    const error = thrown(() => definition.createRuntime(bedrockOptions(fake, { region })));
    t.match(
      error,
      { errorType: 'BadRequest', body: { field: 'region', provider: 'bedrock' } },
      region,
    );
  }
  for (const region of ['us-gov-west-1', 'ap-southeast-2', 'EU-CENTRAL-1 ']) {
    t.equal(
      thrown(() => definition.createRuntime(bedrockOptions(fake, { region }))),
      undefined,
      region,
    );
  }
  t.equal(fake.requests.length, 0);
});

t.test('without a base URL the SDK calls the regional AWS host', async (t) => {
  const saved = process.env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME;
  process.env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME = 'http://127.0.0.1:9';
  t.teardown(() => {
    if (saved === undefined) delete process.env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME;
    else process.env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME = saved;
  });
  const urls: string[] = [];
  // No network here: the transport's fetch records the URL and answers like AWS would refuse.
  const fetch = (async (input: string | URL | Request) => {
    urls.push(String(input));
    return new Response(
      JSON.stringify({ message: 'The security token included in the request is invalid.' }),
      {
        status: 403,
        headers: {
          'x-amzn-errortype': 'UnrecognizedClientException',
          'content-type': 'application/json',
        },
      },
    );
  }) as typeof globalThis.fetch;
  const runtime = definition.createRuntime(
    bedrockOptions({ url: '' }, { baseURL: undefined, customBaseURL: false, fetch }),
  );
  const error = await runtime
    .chat(ask({ model: HAIKU_35 }), { signal: new AbortController().signal, startedAt: Date.now() })
    .catch((e: unknown) => e);
  t.same(urls, [
    'https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke-with-response-stream',
  ]);
  t.match(error, {
    errorType: 'InvalidBedrockCredentials',
    body: { region: 'us-east-1', endpoint: undefined },
  });
});

t.test('a Claude request is the Anthropic Messages body for Bedrock', async (t) => {
  const fake = await fakeBedrock(t);
  await chatEvents(
    bedrockRuntime(fake),
    ask({
      model: HAIKU_35,
      messages: [
        { role: 'system', content: 'You are terse.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello.' },
        { role: 'user', content: 'Weather?' },
      ],
      temperature: 0.8,
      top_p: 0.9,
      frequency_penalty: 0.5,
    }),
  );
  const request = fake.lastRequest()!;
  t.equal(request.method, 'POST');
  t.equal(request.path, `/model/${HAIKU_35}/invoke-with-response-stream`);
  t.equal(
    request.rawPath,
    '/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke-with-response-stream',
  );
  t.equal(request.headers['content-type'], 'application/json');
  t.equal(request.headers['x-amzn-bedrock-accept'], 'application/json');
  t.same(request.body, {
    anthropic_version: 'bedrock-2023-05-31',
    max_tokens: 4096,
    system: 'You are terse.',
    messages: [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello.' },
      { role: 'user', content: 'Weather?' },
    ],
    temperature: 0.4,
    top_p: 0.9,
  });
});

t.test('max_tokens, tools and tool history are sent as Anthropic blocks', async (t) => {
  const fake = await fakeBedrock(t);
  await chatEvents(
    bedrockRuntime(fake),
    ask({
      model: HAIKU_35,
      max_tokens: 800,
      messages: [
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: '',
          tools: [
            {
              id: 'toolu_01',
              identifier: 'weather',
              apiName: 'get',
              type: 'default',
              arguments: '{"city":"Paris"}',
            },
          ],
        },
        { role: 'tool', content: '18°C', tool_call_id: 'toolu_01' },
      ],
      tools: [
        {
          type: 'function',
          function: {
            name: 'weather____get',
            description: 'Current weather',
            parameters: { type: 'object', properties: { city: { type: 'string' } } },
            strict: true,
          },
        },
      ],
    }),
  );
  t.same(lastBody(fake), {
    anthropic_version: 'bedrock-2023-05-31',
    max_tokens: 800,
    messages: [
      { role: 'user', content: 'Weather in Paris?' },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'toolu_01', name: 'weather____get', input: { city: 'Paris' } },
        ],
      },
      {
        role: 'user',
        content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: '18°C' }],
      },
    ],
    tools: [
      {
        name: 'weather____get',
        input_schema: { type: 'object', properties: { city: { type: 'string' } } },
        description: 'Current weather',
      },
    ],
  });
});

t.test('thinking gets a budget below max_tokens and no sampling parameters', async (t) => {
  const fake = await fakeBedrock(t);
  const runtime = bedrockRuntime(fake);
  await chatEvents(runtime, ask({ thinking: { type: 'enabled' }, temperature: 1, top_p: 0.5 }));
  t.same(lastBody(fake).thinking, { type: 'enabled', budget_tokens: 1024 }, 'default budget 1024');
  t.equal(lastBody(fake).max_tokens, 4096);
  t.notOk('temperature' in lastBody(fake), 'no temperature with thinking');
  t.notOk('top_p' in lastBody(fake), 'no top_p with thinking');

  await chatEvents(
    runtime,
    ask({ thinking: { type: 'enabled', budget_tokens: 5000 }, max_tokens: 3000 }),
  );
  t.same(
    lastBody(fake).thinking,
    { type: 'enabled', budget_tokens: 2999 },
    'capped at max_tokens − 1',
  );

  await chatEvents(
    runtime,
    ask({ thinking: { type: 'disabled', budget_tokens: 5000 }, temperature: 1 }),
  );
  t.notOk('thinking' in lastBody(fake), 'disabled thinking is not sent');
  t.equal(lastBody(fake).temperature, 0.5);
});

t.test('Claude 4.5 models keep temperature and drop top_p, with a debug note', async (t) => {
  const fake = await fakeBedrock(t);
  const options = bedrockOptions(fake);
  const runtime = definition.createRuntime(options);
  await chatEvents(runtime, ask({ temperature: 0.6, top_p: 0.9 }));
  t.equal(lastBody(fake).temperature, 0.3);
  t.notOk('top_p' in lastBody(fake));
  t.match(
    options.logger.records.find((r) => r.level === 'debug' && /top_p/.test(r.message ?? '')),
    {
      message: /temperature 0\.6 → 0\.3 \(halve\).*top_p 0\.9 dropped/,
    },
  );

  await chatEvents(runtime, ask({ model: HAIKU_35, temperature: 0.6, top_p: 0.9 }));
  t.match(lastBody(fake), { temperature: 0.3, top_p: 0.9 }, 'older models take both');
});

t.test('images are always sent inline as base64', async (t) => {
  const fake = await fakeBedrock(t);
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
  const fetched: string[] = [];
  const fetchUserContent = (async (url: string | URL | Request) => {
    fetched.push(String(url));
    return new Response(png, { headers: { 'content-type': 'image/png' } });
  }) as typeof globalThis.fetch;
  await chatEvents(
    bedrockRuntime(fake, { fetchUserContent }),
    ask({
      messages: [
        {
          role: 'user',
          content: 'What is this?',
          imageList: [
            { url: 'https://images.example.com/cat.png' },
            { url: `data:image/jpeg;base64,${Buffer.from('jpeg').toString('base64')}` },
          ],
        },
      ],
    }),
  );
  t.same(fetched, ['https://images.example.com/cat.png'], 'the http image was fetched');
  t.same(lastBody(fake).messages, [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        {
          type: 'image',
          source: { type: 'base64', media_type: 'image/png', data: png.toString('base64') },
        },
        {
          type: 'image',
          source: {
            type: 'base64',
            media_type: 'image/jpeg',
            data: Buffer.from('jpeg').toString('base64'),
          },
        },
      ],
    },
  ]);
});
