import t from 'tap';
import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import { chatCompletion, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import {
  chatEvents,
  chatRequest,
  fakeUpstream,
  kinds,
  lastBody,
  runtimeOptions,
} from './runtime-helpers.js';

const base: OpenAICompatibleOptions = { baseURL: 'http://unused.invalid/v1' };
const weatherTool = {
  type: 'function' as const,
  function: { name: 'weather____today', parameters: { type: 'object', properties: {} } },
};

t.test('disableStreamWithTools sends stream false upstream and still yields events', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: chatCompletion(null, {
      toolCalls: [{ name: 'weather____today', arguments: '{"city":"Oslo"}' }],
    }),
  });
  const runtime = createOpenAICompatibleRuntime(
    { ...base, disableStreamWithTools: true },
    runtimeOptions(fake),
  );

  const events = await chatEvents(runtime, chatRequest({ tools: [weatherTool] }));

  const body = lastBody(fake);
  t.equal(body.stream, false);
  t.notOk('stream_options' in body);
  t.same(kinds(events).slice(0, 3), [
    [
      'tool_calls',
      [
        {
          index: 0,
          id: 'call_fake_0',
          type: 'function',
          function: { name: 'weather____today', arguments: '{"city":"Oslo"}' },
        },
      ],
    ],
    ['stop', 'tool_calls'],
    [
      'usage',
      {
        totalInputTokens: 12,
        totalOutputTokens: 8,
        totalTokens: 20,
        inputCacheMissTokens: 12,
        inputTextTokens: 12,
        outputTextTokens: 8,
      },
    ],
  ]);
  t.equal(events.at(-1)?.event, 'speed');
  t.ok(events.slice(0, -1).every((event) => event.id === 'chatcmpl-fake'));
});

t.test('without tools disableStreamWithTools keeps streaming', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(
    { ...base, disableStreamWithTools: true },
    runtimeOptions(fake),
  );

  await chatEvents(runtime, chatRequest());

  t.equal(lastBody(fake).stream, true);
});

t.test('a non-streaming request is replayed as the same events', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: chatCompletion('Four.', { reasoning: 'Two plus two.' }) });
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest({ stream: false }));

  t.equal(lastBody(fake).stream, false);
  t.notOk('stream_options' in lastBody(fake));
  t.same(kinds(events).slice(0, 3), [
    ['reasoning', 'Two plus two.'],
    ['text', 'Four.'],
    ['stop', 'stop'],
  ]);
  t.same(
    events.slice(3).map((event) => event.event),
    ['usage', 'speed'],
  );
});

t.test('a JSON answer to a streaming request is replayed as events', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: chatCompletion('Whole answer') });
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest());

  t.equal(lastBody(fake).stream, true);
  t.same(kinds(events).slice(0, 2), [
    ['text', 'Whole answer'],
    ['stop', 'stop'],
  ]);
});

t.test(
  'an SSE body labelled text/plain is still read as a stream when one was asked for',
  async (t) => {
    const fake = await fakeUpstream(t);
    const frames = textChunks(['a', 'b']).map((chunk) => `data: ${JSON.stringify(chunk)}\n\n`);
    fake.reply({
      kind: 'raw',
      status: 200,
      headers: { 'content-type': 'text/plain' },
      body: `${frames.join('')}data: [DONE]\n\n`,
    });
    const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

    const events = await chatEvents(runtime, chatRequest());

    t.same(kinds(events).slice(0, 3), [
      ['text', 'a'],
      ['text', 'b'],
      ['stop', 'stop'],
    ]);
  },
);
