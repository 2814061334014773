import t from 'tap';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { STREAM_CHUNK_ERROR_MESSAGE } from '@manifold/core/protocol/chunk-error';
import { callContext, chatEvents, kinds, rejection } from '../../wires/openai/runtime-helpers.js';
import {
  chatChunk,
  chatResponse,
  doneChunk,
  textChat,
  toolCall,
} from '@manifold/provider-kit/fakes/ollama';
import { bodyOf, eventually, PROXY_KEY, setup } from './helpers.js';

const ask = (extra: Record<string, unknown> = {}) => ({
  model: 'qwen3',
  messages: [{ role: 'user' as const, content: 'Weather in Paris?' }],
  ...extra,
});

t.test(
  'a streamed answer gives reasoning, text, whole tool calls, stop, usage and speed',
  async (t) => {
    const { fake, runtime } = await setup(t);
    fake.reply({
      kind: 'ndjson',
      lines: textChat(['<think>check</think>It is', ' sunny.'], {
        thinking: ['The user ', 'asks.'],
        toolCalls: [toolCall('get_weather', { city: 'Paris' })],
        usage: [31, 17],
        reason: 'stop',
      }),
    });
    const events = await chatEvents(runtime, ask());
    const id = events[0]!.id;
    t.match(id, /^chat_[A-Za-z0-9]{16}$/, 'Ollama sends no id: chat_<random>');
    t.ok(
      events.slice(0, -1).every((event) => event.id === id),
      'one id for the stream',
    );
    const call = events.find((event) => event.event === 'tool_calls')!.data as Array<
      Record<string, any>
    >;
    t.match(call[0]!.id, /^get_weather_0_[A-Za-z0-9]{8}$/, 'tool call id <name>_<index>_<random>');
    t.same(kinds(events.slice(0, -1)), [
      ['reasoning', 'The user '],
      ['reasoning', 'asks.'],
      ['reasoning', 'check'],
      ['text', 'It is'],
      ['text', ' sunny.'],
      [
        'tool_calls',
        [
          {
            index: 0,
            id: call[0]!.id,
            type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
          },
        ],
      ],
      ['stop', 'stop'],
      ['usage', { totalInputTokens: 31, totalOutputTokens: 17, totalTokens: 48 }],
    ]);
    t.match(events.at(-1), {
      id: 'output_speed',
      event: 'speed',
      data: { ttft: Number, tps: Number },
    });
    t.same(bodyOf(fake), {
      model: 'qwen3',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      stream: true,
    });
  },
);

t.test('a think tag split across chunks is reasoning exactly up to the tag', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({ kind: 'ndjson', lines: textChat(['<thi', 'nk>plan</th', 'ink>Answer']) });
  const events = await chatEvents(runtime, ask());
  t.same(
    kinds(events).filter(([kind]) => kind === 'text' || kind === 'reasoning'),
    [
      ['reasoning', 'plan'],
      ['text', 'Answer'],
    ],
  );
});

t.test('calls in separate chunks get increasing indexes; Ollama ids are kept', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({
    kind: 'ndjson',
    lines: textChat([], {
      toolCalls: [
        toolCall('get_weather', { city: 'Paris' }, 'call_p7o2gz50'),
        toolCall('get_time', { zone: 'CET' }),
      ],
    }),
  });
  const fragments = (await chatEvents(runtime, ask()))
    .filter((event) => event.event === 'tool_calls')
    .flatMap((event) => event.data as Array<Record<string, any>>);
  t.same(
    fragments.map((f) => [f.index, f.function.name, f.function.arguments]),
    [
      [0, 'get_weather', '{"city":"Paris"}'],
      [1, 'get_time', '{"zone":"CET"}'],
    ],
  );
  t.equal(fragments[0]!.id, 'call_p7o2gz50', 'the id Ollama sent (0.12.10+) is used');
  t.match(fragments[1]!.id, /^get_time_1_[A-Za-z0-9]{8}$/);
});

t.test('done_reason is the stop; without one the stop is "stop"', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({ kind: 'ndjson', lines: textChat(['a'], { reason: 'length' }) });
  t.equal((await chatEvents(runtime, ask())).find((e) => e.event === 'stop')?.data, 'length');
  const done = { ...doneChunk({ usage: [5, 0] }) };
  delete done.done_reason;
  fake.reply({ kind: 'ndjson', lines: [chatChunk({ content: 'b' }), done] });
  const events = await chatEvents(runtime, ask());
  t.equal(events.find((e) => e.event === 'stop')?.data, 'stop');
  t.same(
    events.find((e) => e.event === 'usage')?.data,
    { totalInputTokens: 5, totalTokens: 5 },
    'a zero count is dropped',
  );
});

t.test('stream:false sends stream false and gives the same events', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({
    kind: 'json',
    body: chatResponse(
      {
        content: 'Sunny.',
        thinking: 'Look up.',
        tool_calls: [toolCall('get_weather', { city: 'Paris' })],
      },
      { usage: [12, 4] },
    ),
  });
  const events = await chatEvents(runtime, ask({ stream: false }));
  t.equal(bodyOf(fake).stream, false);
  t.same(
    kinds(events)
      .map(([kind]) => kind)
      .slice(0, -1),
    ['reasoning', 'text', 'tool_calls', 'stop', 'usage'],
  );
  t.same(events.find((e) => e.event === 'usage')?.data, {
    totalInputTokens: 12,
    totalOutputTokens: 4,
    totalTokens: 16,
  });
});

t.test('a line that is not JSON ends the stream with StreamChunkError', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({ kind: 'ndjson', lines: [chatChunk({ content: 'Hello' }), '{"model": broken'] });
  const events = await chatEvents(runtime, ask());
  t.same(
    events.map((e) => e.event),
    ['text', 'error'],
  );
  t.match(events[1]!.data, {
    type: 'StreamChunkError',
    message: STREAM_CHUNK_ERROR_MESSAGE,
    body: { provider: 'ollama', context: { chunk: '{"model": broken' } },
  });
});

t.test('a non-streamed answer that is not JSON is a StreamChunkError HTTP error', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({ kind: 'raw', status: 200, contentType: 'application/json', body: '{"model":' });
  const error = await rejection(runtime.chat(ask({ stream: false }), callContext()));
  t.equal(error?.errorType, 'StreamChunkError');
});

t.test('a dropped connection gives one unexpected_end error, not a stop', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({ kind: 'ndjson', lines: [chatChunk({ content: 'Hel' })], end: 'drop' });
  const events = await chatEvents(runtime, ask());
  t.same(
    events.map((e) => e.event),
    ['text', 'error'],
  );
  t.match(events[1]!.data, {
    type: 'ProviderBizError',
    body: { reason: 'unexpected_end', provider: 'ollama' },
  });
});

t.test('an error line in the stream is an OllamaBizError event', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({ kind: 'ndjson', lines: [{ error: 'llama runner process has terminated' }] });
  const first = await chatEvents(runtime, ask());
  t.same(kinds(first), [
    [
      'error',
      {
        type: 'OllamaBizError',
        message: 'llama runner process has terminated',
        body: {
          error: { error: 'llama runner process has terminated' },
          message: 'llama runner process has terminated',
          provider: 'ollama',
        },
      },
    ],
  ]);
  t.equal(first[0]!.id, 'first_chunk_error', 'before any content: first_chunk_error');
  fake.reply({ kind: 'ndjson', lines: [chatChunk({ content: 'Hi' }), { error: 'out of memory' }] });
  const later = await chatEvents(runtime, ask());
  t.same(
    later.map((e) => [e.event, e.id === later[0]!.id]),
    [
      ['text', true],
      ['error', true],
    ],
    'after content: the stream id',
  );
});

t.test('a client abort ends the events quietly and frees the upstream socket', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({ kind: 'ndjson', lines: [chatChunk({ content: 'Hello' })], end: 'hang' });
  const controller = new AbortController();
  const events: StreamEvent[] = [];
  for await (const event of await runtime.chat(ask(), callContext({ signal: controller.signal }))) {
    events.push(event);
    controller.abort();
  }
  t.same(
    events.map((e) => e.event),
    ['text'],
  );
  await fake.waitForClientClose();
  t.ok(await eventually(() => fake.activeResponses() === 0), 'no answer stays open upstream');
});

t.test(
  'an abort before Ollama answers rejects with the abort and closes the request',
  async (t) => {
    const { fake, runtime } = await setup(t);
    fake.reply({ kind: 'hang' });
    const controller = new AbortController();
    const pending = runtime.chat(ask(), callContext({ signal: controller.signal }));
    await eventually(() => fake.activeResponses() === 1);
    controller.abort();
    const error = await rejection(pending);
    t.equal(error?.name, 'AbortError', 'the abort, not a ManifoldError');
    await fake.waitForClientClose();
  },
);

t.test('one client aborting leaves a concurrent chat intact', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({ kind: 'ndjson', lines: [chatChunk({ content: 'A' })], end: 'hang' });
  fake.reply({
    kind: 'ndjson',
    lines: textChat(['B1', 'B2', 'B3'], { usage: [3, 3] }),
    delayMs: 20,
  });
  const aborting = new AbortController();
  const first = await runtime.chat(ask(), callContext({ signal: aborting.signal }));
  const second = await runtime.chat(ask(), callContext());
  const readFirst = (async () => {
    for await (const event of first) if (event.event === 'text') aborting.abort();
  })();
  const secondEvents: StreamEvent[] = [];
  for await (const event of second) secondEvents.push(event);
  await readFirst;
  t.same(
    secondEvents.filter((e) => e.event === 'text').map((e) => e.data),
    ['B1', 'B2', 'B3'],
    'the other stream got every chunk',
  );
  t.same(
    secondEvents.slice(-3).map((e) => e.event),
    ['stop', 'usage', 'speed'],
  );
  await fake.waitForClientClose();
  t.equal(fake.activeResponses(), 0);
});

t.test('a proxy key is sent as a bearer token; no key sends no Authorization', async (t) => {
  const { fake, runtime } = await setup(t, { apiKey: PROXY_KEY });
  await chatEvents(runtime, ask());
  t.equal(fake.lastRequest()?.headers.authorization, `Bearer ${PROXY_KEY}`);
  const open = await setup(t);
  await chatEvents(open.runtime, ask());
  t.equal(open.fake.lastRequest()?.headers.authorization, undefined);
});

t.test('DEBUG_OLLAMA_CHAT_COMPLETION=1 logs the payload', async (t) => {
  const { runtime, logger } = await setup(t, { env: { DEBUG_OLLAMA_CHAT_COMPLETION: '1' } });
  await chatEvents(runtime, ask());
  t.match(
    logger.records.find((record) => record.message === 'chat completion payload'),
    { level: 'info', object: { payload: { model: 'qwen3', stream: true } } },
  );
});
