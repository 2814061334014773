import t from 'tap';
import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import { convertChatRequest } from '@manifold/wire-openai/convert-request';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
  TEST_KEY,
  user,
} from './runtime-helpers.js';

const base: OpenAICompatibleOptions = { baseURL: 'http://unused.invalid/v1' };
const weatherTool = {
  type: 'function' as const,
  function: { name: 'weather____today', parameters: { type: 'object', properties: {} } },
};

t.test('the upstream receives the model, messages, stream options and user', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  await chatEvents(
    runtime,
    chatRequest({ model: 'gpt-4o', temperature: 0.7, max_tokens: 100 }),
    callContext({ userId: 'user-42' }),
  );

  const request = fake.lastRequest();
  t.equal(request?.path, '/v1/chat/completions');
  t.equal(request?.headers.authorization, `Bearer ${TEST_KEY}`);
  t.same(request?.body, {
    model: 'gpt-4o',
    messages: [{ role: 'user', content: 'Hi' }],
    stream: true,
    stream_options: { include_usage: true },
    temperature: 0.7,
    max_tokens: 100,
    user: 'user-42',
  });
});

t.test('images become image_url parts and files are appended as text', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  await chatEvents(
    runtime,
    chatRequest({
      messages: [
        { role: 'system', content: 'Be brief.' },
        user('What is this?', { imageList: [{ url: 'https://example.com/cat.png', alt: 'cat' }] }),
        user('Summarise', {
          fileList: [
            { id: 'f1', name: 'notes.txt', fileType: 'text/plain', size: 5, content: 'hello' },
          ],
        }),
      ],
    }),
  );

  t.same(lastBody(fake).messages, [
    { role: 'system', content: 'Be brief.' },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is this?' },
        { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
      ],
    },
    {
      role: 'user',
      content:
        'Summarise\n\n<files>\n<file name="notes.txt" type="text/plain">\nhello\n</file>\n</files>',
    },
  ]);
});

t.test('tool calls, tool results and legacy function messages are converted', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  await chatEvents(
    runtime,
    chatRequest({
      tools: [weatherTool],
      messages: [
        user('Weather?'),
        {
          role: 'assistant',
          content: '',
          reasoning: { content: 'I should call the tool' },
          tools: [
            {
              id: 'call_1',
              identifier: 'weather',
              apiName: 'today',
              type: 'default',
              arguments: '{}',
            },
            {
              id: 'call_2',
              identifier: 'search',
              apiName: 'query',
              type: 'builtin',
              arguments: '{"q":1}',
            },
          ],
        },
        { role: 'tool', content: 'Sunny', tool_call_id: 'call_1' },
        { role: 'function', content: [{ type: 'text', text: 'Found' }], tool_call_id: 'call_2' },
      ],
    }),
  );

  const body = lastBody(fake);
  t.same(body.tools, [weatherTool]);
  t.same(body.messages.slice(1), [
    {
      role: 'assistant',
      content: '',
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'weather____today', arguments: '{}' } },
        {
          id: 'call_2',
          type: 'function',
          function: { name: 'search____query', arguments: '{"q":1}' },
        },
      ],
    },
    { role: 'tool', content: 'Sunny', tool_call_id: 'call_1' },
    { role: 'tool', content: 'Found', tool_call_id: 'call_2' },
  ]);
  t.notOk(JSON.stringify(body).includes('I should call the tool'), 'earlier reasoning is not sent');
});

t.test('gateway-only fields are not sent upstream', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  await chatEvents(
    runtime,
    chatRequest({
      provider: 'test-compat',
      plugins: ['weather'],
      enabledSearch: true,
      thinking: { type: 'enabled', budget_tokens: 1024 },
      apiMode: 'chatCompletion',
      enabledContextCaching: true,
    }),
  );

  t.same(Object.keys(lastBody(fake)).sort(), ['messages', 'model', 'stream', 'stream_options']);
});

t.test('clamps change the body and each change is logged at debug', async (t) => {
  const fake = await fakeUpstream(t);
  const options = runtimeOptions(fake);
  const runtime = createOpenAICompatibleRuntime(
    {
      ...base,
      clamps: [
        { op: 'halve', param: 'temperature' },
        { op: 'drop', param: 'top_p', when: { lte: 0 } },
      ],
    },
    options,
  );

  await chatEvents(runtime, chatRequest({ temperature: 1.4, top_p: 0 }));

  const body = lastBody(fake);
  t.equal(body.temperature, 0.7);
  t.notOk('top_p' in body);
  const record = options.logger.records.find(
    (entry) => entry.level === 'debug' && entry.object.changes,
  );
  t.equal(record?.message, 'temperature 1.4 → 0.7 (halve); top_p 0 dropped (drop)');
  t.equal(record?.object.model, 'gpt-4o-mini');
});

t.test(
  'the payload hook runs after the clamps and the search hook only with search on',
  async (t) => {
    const fake = await fakeUpstream(t);
    const seen: unknown[] = [];
    const runtime = createOpenAICompatibleRuntime(
      {
        ...base,
        clamps: [{ op: 'halve', param: 'temperature' }],
        payload: (body) => {
          seen.push(body.temperature);
          return { ...body, custom: true };
        },
        search: (body) => ({ ...body, enable_search: true, sawCustom: body.custom }),
      },
      runtimeOptions(fake),
    );

    await chatEvents(runtime, chatRequest({ temperature: 1 }));
    t.same(seen, [0.5], 'the payload hook sees the clamped value');
    t.notOk('enable_search' in lastBody(fake));

    await chatEvents(runtime, chatRequest({ temperature: 1, enabledSearch: true }));
    t.match(lastBody(fake), { custom: true, enable_search: true, sawCustom: true });
  },
);

t.test('includeUsage false and sendUserId false leave those fields out', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(
    { ...base, includeUsage: false, sendUserId: false },
    runtimeOptions(fake),
  );

  await chatEvents(runtime, chatRequest(), callContext({ userId: 'user-42' }));

  const body = lastBody(fake);
  t.equal(body.stream, true);
  t.notOk('stream_options' in body);
  t.notOk('user' in body);
});

t.test('extra headers are sent and the base URL falls back to the provider default', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(
    { baseURL: `${fake.url}/openai/v1`, headers: { 'x-title': 'Manifold' } },
    runtimeOptions(fake, { baseURL: undefined }),
  );

  await chatEvents(runtime, chatRequest());

  const request = fake.lastRequest();
  t.equal(request?.path, '/openai/v1/chat/completions');
  t.equal(request?.headers['x-title'], 'Manifold');
});

t.test('the debug flag logs the payload and every raw chunk at info', async (t) => {
  const fake = await fakeUpstream(t);
  const options = runtimeOptions(fake, { env: { DEBUG_TEST_COMPAT_CHAT_COMPLETION: '1' } });
  const runtime = createOpenAICompatibleRuntime(base, options);

  await chatEvents(runtime, chatRequest());

  const info = options.logger.records.filter((record) => record.level === 'info');
  t.match(info[0]?.object, { payload: { model: 'gpt-4o-mini', stream: true } });
  const chunks = info.slice(1).map((record) => record.object.chunk);
  t.equal(chunks.at(-1), '[DONE]');
  t.ok(chunks.length >= 4);
  t.notOk(JSON.stringify(info).includes(TEST_KEY));
});

t.test('without the debug flag nothing is logged at info', async (t) => {
  const fake = await fakeUpstream(t);
  const options = runtimeOptions(fake);
  const runtime = createOpenAICompatibleRuntime(base, options);

  await chatEvents(runtime, chatRequest());

  t.same(
    options.logger.records.filter((record) => record.level === 'info'),
    [],
  );
});

t.test('alwaysStream streams upstream even for a stream:false request', async (t) => {
  const whole = { ...chatRequest(), stream: false };
  t.equal(convertChatRequest(whole, {}, { baseURL: 'x' }).stream, false);
  const body = convertChatRequest(whole, {}, { baseURL: 'x', alwaysStream: true });
  t.equal(body.stream, true);
  t.same(body.stream_options, { include_usage: true });
});
