import t from 'tap';
import { chatEvents, chatRequest, kinds, user } from '../../wires/openai/runtime-helpers.js';
import { chatUsage, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import {
  nativeResult,
  nativeTextChunks,
  nativeToolCallChunks,
  resultEnvelope,
  workersUsage,
} from '@manifold/provider-kit/fakes/cloudflare-builders';
import { cloudflareRuntime, fakeCloudflare, lastBody } from './helpers.js';

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

t.test('a streamed chat posts to the account run path and streams text, stop, usage', async (t) => {
  const fake = await fakeCloudflare(t);
  fake.reply({
    kind: 'stream',
    chunks: nativeTextChunks(['Hello', ' world'], { usage: workersUsage(10, 5) }),
  });
  const events = await chatEvents(
    cloudflareRuntime(fake),
    chatRequest({
      model: LLAMA,
      messages: [{ role: 'system', content: 'Be terse.' }, user('Hi')],
      max_tokens: 512,
      temperature: 0.7,
      top_p: 0.9,
      user: 'u-1',
    }),
  );

  const request = fake.lastRequest()!;
  t.equal(request.path, `/client/v4/accounts/${fake.accountId}/ai/run/${LLAMA}`);
  t.equal(request.headers.authorization, `Bearer ${fake.token}`);
  t.same(request.body, {
    messages: [
      { role: 'system', content: 'Be terse.' },
      { role: 'user', content: 'Hi' },
    ],
    stream: true,
    max_tokens: 512,
    temperature: 0.7,
    top_p: 0.9,
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
        inputTextTokens: 10,
        outputTextTokens: 5,
      },
    ],
  ]);
  t.equal(events.at(-1)?.event, 'speed');
  t.match(events[0]!.id, /^chat_/, 'native streams have no id: the stream gets chat_<random>');
});

t.test(
  'streamed native tool calls merge by index, each fragment with its id and name',
  async (t) => {
    const fake = await fakeCloudflare(t);
    fake.reply({
      kind: 'stream',
      chunks: nativeToolCallChunks(
        [
          { id: 'call_a', name: 'get_weather', arguments: ['{"city":', '"Paris"}'] },
          { id: 'call_b', name: 'get_time', arguments: ['{"zone":"CET"}'] },
        ],
        { usage: workersUsage(40, 20) },
      ),
    });
    const events = await chatEvents(
      cloudflareRuntime(fake),
      chatRequest({ model: LLAMA, tools: [weatherTool] }),
    );
    const fragments = events
      .filter((event) => event.event === 'tool_calls')
      .flatMap((event) => event.data as Array<Record<string, any>>);
    t.same(
      fragments.map((f) => [f.index, f.id, f.function.name, f.function.arguments]),
      [
        [0, 'call_a', 'get_weather', ''],
        [0, 'call_a', 'get_weather', '{"city":'],
        [0, 'call_a', 'get_weather', '"Paris"}'],
        [1, 'call_b', 'get_time', ''],
        [1, 'call_b', 'get_time', '{"zone":"CET"}'],
      ],
      'the all-null closing entry adds nothing',
    );
    t.same(
      events.slice(-3).map((event) => [event.event, event.event === 'stop' ? event.data : '']),
      [
        ['stop', 'tool_calls'],
        ['usage', ''],
        ['speed', ''],
      ],
    );
  },
);

t.test('OpenAI-format chunks (vLLM-served models) stream reasoning, text and usage', async (t) => {
  const fake = await fakeCloudflare(t);
  fake.reply({
    kind: 'stream',
    chunks: textChunks(['Hi!'], {
      id: 'chatcmpl-qwq',
      model: '@cf/qwen/qwq-32b',
      reasoning: ['Okay', ', greet.'],
      usage: chatUsage(13, 9),
    }),
  });
  const events = await chatEvents(
    cloudflareRuntime(fake),
    chatRequest({ model: '@cf/qwen/qwq-32b' }),
  );
  t.same(kinds(events).slice(0, 4), [
    ['reasoning', 'Okay'],
    ['reasoning', ', greet.'],
    ['text', 'Hi!'],
    ['stop', 'stop'],
  ]);
  t.equal(events[0]!.id, 'chatcmpl-qwq', 'the completion id is the stream id');
  t.match(events[4], { event: 'usage', data: { totalInputTokens: 13, totalOutputTokens: 9 } });
});

t.test('a DeepSeek R1 distill answer missing its opening <think> streams reasoning', async (t) => {
  const fake = await fakeCloudflare(t);
  const model = '@cf/deepseek-ai/deepseek-r1-distill-qwen-32b';
  fake.reply({
    kind: 'stream',
    chunks: nativeTextChunks(['\n', 'Okay', ', the user', ' says hi.\n', '</think>', '\n\nHello!']),
  });
  const events = await chatEvents(cloudflareRuntime(fake), chatRequest({ model }));
  const text = (kind: string) =>
    events
      .filter((e) => e.event === kind)
      .map((e) => e.data)
      .join('');
  t.equal(text('reasoning'), '\nOkay, the user says hi.\n');
  t.equal(text('text'), '\n\nHello!');

  fake.reply({ kind: 'stream', chunks: nativeTextChunks(['<thi', 'nk>Hmm.', '</think>', 'Yes.']) });
  const tagged = await chatEvents(cloudflareRuntime(fake), chatRequest({ model }));
  const taggedText = (kind: string) =>
    tagged
      .filter((e) => e.event === kind)
      .map((e) => e.data)
      .join('');
  t.equal(taggedText('reasoning'), 'Hmm.', 'a tag the model sends itself is not doubled');
  t.equal(taggedText('text'), 'Yes.');
});

t.test('stream: false replays the JSON envelope: text, flat tool calls, usage', async (t) => {
  const fake = await fakeCloudflare(t);
  fake.reply({
    kind: 'json',
    body: nativeResult(null, {
      toolCalls: [{ name: 'get_weather', arguments: { city: 'Paris' } }],
      usage: workersUsage(30, 8),
    }),
  });
  const events = await chatEvents(
    cloudflareRuntime(fake),
    chatRequest({ model: LLAMA, stream: false, tools: [weatherTool] }),
  );
  t.equal(lastBody(fake).stream, false);
  const [call] = events.find((e) => e.event === 'tool_calls')!.data as Array<Record<string, any>>;
  t.match(call, { index: 0, function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
  t.match(call!.id, /^call_/, 'a call without an id gets one');
  t.same(
    events.map((e) => e.event),
    ['tool_calls', 'stop', 'usage', 'speed'],
  );
});

t.test('a JSON answer in OpenAI format (models that do not stream) is replayed', async (t) => {
  const fake = await fakeCloudflare(t);
  fake.reply({
    kind: 'json',
    body: resultEnvelope({
      id: 'chatcmpl-oss',
      object: 'chat.completion',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Done.', reasoning_content: 'Short.' },
          finish_reason: 'stop',
        },
      ],
      usage: chatUsage(20, 7),
    }),
  });
  const events = await chatEvents(
    cloudflareRuntime(fake),
    chatRequest({ model: '@cf/openai/gpt-oss-120b' }),
  );
  t.same(kinds(events).slice(0, 3), [
    ['reasoning', 'Short.'],
    ['text', 'Done.'],
    ['stop', 'stop'],
  ]);
  t.equal(events[0]!.id, 'chatcmpl-oss');
});
