import t from 'tap';
import {
  callContext,
  chatEvents,
  chatRequest,
  kinds,
  thrown,
  user,
} from '../../wires/openai/runtime-helpers.js';
import {
  chatCompletion,
  chatUsage,
  chunk,
  textChunks,
} from '@manifold/provider-kit/fakes/openai-builders';
import {
  definition,
  fakeHuggingFace,
  huggingFaceOptions,
  huggingFaceRuntime,
  lastBody,
} from './helpers.js';

const LLAMA = 'meta-llama/Llama-3.3-70B-Instruct';

t.test('a streamed chat posts to the router with max_tokens 4096 and no user', async (t) => {
  const fake = await fakeHuggingFace(t);
  fake.reply({
    kind: 'chunks',
    chunks: textChunks(['Hello', ' world'], {
      id: 'chatcmpl-hf1',
      model: LLAMA,
      usage: chatUsage(10, 5),
    }),
  });
  const events = await chatEvents(
    huggingFaceRuntime(fake),
    chatRequest({
      model: LLAMA,
      messages: [{ role: 'system', content: 'Be terse.' }, user('Hi')],
      temperature: 0.6,
      top_p: 0.9,
      user: 'u-1',
    }),
    callContext({ userId: 'u-1' }),
  );
  const request = fake.lastRequest()!;
  t.equal(request.path, '/v1/chat/completions');
  t.equal(request.headers.authorization, `Bearer ${fake.token}`);
  t.same(request.body, {
    model: LLAMA,
    messages: [
      { role: 'system', content: 'Be terse.' },
      { role: 'user', content: 'Hi' },
    ],
    stream: true,
    stream_options: { include_usage: true },
    temperature: 0.6,
    top_p: 0.9,
    max_tokens: 4096,
  });
  t.same(kinds(events).slice(0, -1), [
    ['text', 'Hello'],
    ['text', ' world'],
    ['stop', 'stop'],
    [
      'usage',
      {
        totalInputTokens: 10,
        totalOutputTokens: 5,
        totalTokens: 15,
        inputCacheMissTokens: 10,
        inputTextTokens: 10,
        outputTextTokens: 5,
      },
    ],
  ]);
  t.equal(events[0]!.id, 'chatcmpl-hf1');
});

t.test('a missing key is InvalidProviderAPIKey at construction', async (t) => {
  const fake = await fakeHuggingFace(t);
  const error = thrown(() =>
    definition.createRuntime(huggingFaceOptions(fake, { apiKey: undefined })),
  );
  t.equal(error?.errorType, 'InvalidProviderAPIKey');
  t.equal(error?.body.provider, 'huggingface');
});

t.test('top_p is held between 0.01 and 0.99; a given max_tokens is kept', async (t) => {
  const fake = await fakeHuggingFace(t);
  const options = huggingFaceOptions(fake);
  const runtime = definition.createRuntime(options);
  for (const [given, sent] of [
    [1, 0.99],
    [0, 0.01],
    [0.5, 0.5],
  ] as const) {
    await chatEvents(runtime, chatRequest({ model: LLAMA, top_p: given, max_tokens: 300 }));
    t.equal(lastBody(fake).top_p, sent, `top_p ${given} → ${sent}`);
    t.equal(lastBody(fake).max_tokens, 300);
  }
  t.ok(
    options.logger.records.some((record) => /top_p 1 → 0.99 \(range\)/.test(record.message ?? '')),
    'the change is logged at debug',
  );
});

t.test('tools and tool history go as OpenAI-compatible fields', async (t) => {
  const fake = await fakeHuggingFace(t);
  const tool = {
    type: 'function' as const,
    function: { name: 'weather____get', parameters: { type: 'object', properties: {} } },
  };
  await chatEvents(
    huggingFaceRuntime(fake),
    chatRequest({
      model: LLAMA,
      tools: [tool],
      messages: [
        user('Weather?'),
        {
          role: 'assistant',
          content: '',
          tools: [
            {
              id: 'call_1',
              identifier: 'weather',
              apiName: 'get',
              type: 'default',
              arguments: '{}',
            },
          ],
        },
        { role: 'tool', content: 'Sunny', tool_call_id: 'call_1' },
      ],
    }),
  );
  const body = lastBody(fake);
  t.same(body.tools, [tool]);
  t.same(body.messages.slice(1), [
    {
      role: 'assistant',
      content: '',
      tool_calls: [
        { id: 'call_1', type: 'function', function: { name: 'weather____get', arguments: '{}' } },
      ],
    },
    { role: 'tool', content: 'Sunny', tool_call_id: 'call_1' },
  ]);
});

t.test('image URLs pass through, inlined only with LLM_VISION_IMAGE_USE_BASE64=1', async (t) => {
  const fake = await fakeHuggingFace(t);
  const request = chatRequest({
    model: 'google/gemma-3-27b-it',
    messages: [user('What is it?', { imageList: [{ url: 'https://img.example/cat.png' }] })],
  });
  await chatEvents(huggingFaceRuntime(fake), request);
  t.same(lastBody(fake).messages[0].content, [
    { type: 'text', text: 'What is it?' },
    { type: 'image_url', image_url: { url: 'https://img.example/cat.png' } },
  ]);
  const fetchUserContent = (async () =>
    new Response(Buffer.from([0xff, 0xd8, 0xff, 0]), {
      headers: { 'content-type': 'image/jpeg' },
    })) as typeof fetch;
  await chatEvents(
    huggingFaceRuntime(fake, {
      fetchUserContent,
      env: { LLM_VISION_IMAGE_USE_BASE64: '1', HUGGINGFACE_HUB_URL: fake.url },
    }),
    request,
  );
  t.equal(lastBody(fake).messages[0].content[1].image_url.url, 'data:image/jpeg;base64,/9j/AA==');
});

t.test('reasoning arrives from reasoning_content and from <think> in content', async (t) => {
  const fake = await fakeHuggingFace(t);
  fake.reply({
    kind: 'chunks',
    chunks: textChunks(['Four.'], { model: 'openai/gpt-oss-120b', reasoning: ['2+2', ' is 4'] }),
  });
  const explicit = await chatEvents(
    huggingFaceRuntime(fake),
    chatRequest({ model: 'openai/gpt-oss-120b' }),
  );
  t.same(kinds(explicit).slice(0, 3), [
    ['reasoning', '2+2'],
    ['reasoning', ' is 4'],
    ['text', 'Four.'],
  ]);
  fake.reply({
    kind: 'chunks',
    chunks: textChunks(['<think>', 'Hmm', '</think>', 'Yes.'], {
      model: 'deepseek-ai/DeepSeek-R1',
    }),
  });
  const tagged = await chatEvents(
    huggingFaceRuntime(fake),
    chatRequest({ model: 'deepseek-ai/DeepSeek-R1' }),
  );
  const joined = (kind: string) =>
    tagged
      .filter((e) => e.event === kind)
      .map((e) => e.data)
      .join('');
  t.equal(joined('reasoning'), 'Hmm');
  t.equal(joined('text'), 'Yes.');
});

t.test('stream: false reads the completion and replays it', async (t) => {
  const fake = await fakeHuggingFace(t);
  fake.reply({
    kind: 'json',
    body: chatCompletion('Done.', { id: 'chatcmpl-hf2', model: LLAMA, usage: chatUsage(7, 2) }),
  });
  const events = await chatEvents(
    huggingFaceRuntime(fake),
    chatRequest({ model: LLAMA, stream: false }),
  );
  t.equal(lastBody(fake).stream, false);
  t.notOk('stream_options' in lastBody(fake));
  t.same(
    events.map((e) => e.event),
    ['text', 'stop', 'usage', 'speed'],
  );
});

t.test('DEBUG_HUGGINGFACE_CHAT_COMPLETION=1 logs the payload and every chunk', async (t) => {
  const fake = await fakeHuggingFace(t);
  fake.reply({ kind: 'chunks', chunks: [chunk({ content: 'Hi' }, {}, 'stop')] });
  const options = huggingFaceOptions(fake, { env: { DEBUG_HUGGINGFACE_CHAT_COMPLETION: '1' } });
  await chatEvents(definition.createRuntime(options), chatRequest({ model: LLAMA }));
  t.same(
    options.logger.records.filter((r) => r.level === 'info').map((r) => r.message),
    ['chat completion payload', 'chat completion chunk', 'chat completion chunk'],
  );
});
