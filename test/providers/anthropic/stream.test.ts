import t from 'tap';
import type { ToolCall, ToolCallFragment } from '@manifold/core/contract/tool-call';
import { mergeToolCalls } from '@manifold/core/protocol/merge-tool-calls';
import { callContext, chatEvents, kinds } from '../../wires/openai/runtime-helpers.js';
import {
  anthropicErrorEvent,
  anthropicStream,
  anthropicTextEvents,
  anthropicToolEvents,
  citedTextBlock,
  messageStart,
  redactedThinkingBlock,
  textBlock,
  thinkingBlock,
  webSearchBlocks,
} from '@manifold/provider-kit/fakes/anthropic-builders';
import { ask, setup } from './helpers.js';

const withoutSpeed = (events: Awaited<ReturnType<typeof chatEvents>>) =>
  kinds(events.filter((event) => event.event !== 'speed'));

t.test('a text answer streams with the message id and the stop → usage → speed tail', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({
    kind: 'events',
    events: anthropicTextEvents(['Hello', ' world'], {
      id: 'msg_01ABC',
      usage: { input: 10, output: 5 },
    }),
  });
  const events = await chatEvents(runtime, ask());
  t.same(withoutSpeed(events), [
    ['text', 'Hello'],
    ['text', ' world'],
    ['stop', 'end_turn'],
    [
      'usage',
      { totalInputTokens: 10, totalOutputTokens: 5, totalTokens: 15, inputCacheMissTokens: 10 },
    ],
  ]);
  t.ok(
    events.slice(0, -1).every((event) => event.id === 'msg_01ABC'),
    'the message id',
  );
  t.match(events.at(-1), { id: 'output_speed', event: 'speed', data: { ttft: Number } });
});

t.test(
  'thinking streams as reasoning with its signature; redacted thinking is flagged',
  async (t) => {
    const { fake, runtime } = await setup(t);
    fake.reply({
      kind: 'events',
      events: anthropicStream([
        thinkingBlock(['Let me ', 'think.'], 'EuYBCkQYAiJA'),
        redactedThinkingBlock('EmwKAhgBEgy3va3p'),
        textBlock(['Answer.']),
      ]),
    });
    const events = await chatEvents(runtime, ask({ thinking: { type: 'enabled' } }));
    t.same(withoutSpeed(events).slice(0, 5), [
      ['reasoning', 'Let me '],
      ['reasoning', 'think.'],
      ['reasoning_signature', 'EuYBCkQYAiJA'],
      ['flagged_reasoning_signature', 'EmwKAhgBEgy3va3p'],
      ['text', 'Answer.'],
    ]);
  },
);

t.test('tool-call fragments carry their id and name and merge into whole calls', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({
    kind: 'events',
    events: anthropicToolEvents(
      [
        { id: 'toolu_01A', name: 'weather____current', fragments: ['', '{"city": "', 'Paris"}'] },
        { id: 'toolu_01B', name: 'clock____now', fragments: ['{"zone":', '"CET"}'] },
      ],
      { text: ['Checking.'] },
    ),
  });
  const events = await chatEvents(runtime, ask());
  const fragments = events
    .filter((event) => event.event === 'tool_calls')
    .flatMap((event) => event.data as ToolCallFragment[]);
  let calls: ToolCall[] = [];
  for (const fragment of fragments) calls = mergeToolCalls(calls, [fragment]);
  t.same(
    calls.map((call) => [call.index, call.id, call.function.name, call.function.arguments]),
    [
      [0, 'toolu_01A', 'weather____current', '{"city": "Paris"}'],
      [1, 'toolu_01B', 'clock____now', '{"zone":"CET"}'],
    ],
  );
  t.ok(
    fragments.every((fragment) => fragment.id === calls[fragment.index]?.id),
    'every fragment carries its call id',
  );
  t.equal(events.find((event) => event.event === 'stop')?.data, 'tool_use');
});

t.test('a tool call without input streams arguments that merge into "{}"', async (t) => {
  const { fake, runtime } = await setup(t);
  // Claude's wire for a call without arguments: `input: {}` and one empty input_json_delta
  fake.reply({
    kind: 'events',
    events: anthropicToolEvents([{ id: 'toolu_01N', name: 'clock____now', fragments: [''] }]),
  });
  const events = await chatEvents(runtime, ask());
  const fragments = events
    .filter((event) => event.event === 'tool_calls')
    .flatMap((event) => event.data as ToolCallFragment[]);
  t.ok(
    fragments.every((fragment) => fragment.id === 'toolu_01N' && fragment.function.name !== ''),
    'every fragment carries the call id and name',
  );
  const calls = mergeToolCalls([], fragments);
  t.same(
    calls.map((call) => [call.id, call.function.name, call.function.arguments]),
    [['toolu_01N', 'clock____now', '{}']],
  );
  t.same(JSON.parse(calls[0]?.function.arguments ?? ''), {});
});

t.test('cache reads and writes are reported in the usage (reference Example F)', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({
    kind: 'events',
    events: anthropicTextEvents(['ok'], {
      usage: { input: 6, cacheCreation: 457, cacheRead: 17918, startOutput: 2, output: 3222 },
    }),
  });
  const events = await chatEvents(runtime, ask());
  t.same(events.find((event) => event.event === 'usage')?.data, {
    totalInputTokens: 18381,
    totalOutputTokens: 3222,
    totalTokens: 21603,
    inputCacheMissTokens: 6,
    inputCachedTokens: 17918,
    inputWriteCacheTokens: 457,
  });
});

t.test('web search results and citations give exactly one grounding event', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({
    kind: 'events',
    events: anthropicStream([
      webSearchBlocks('manifold gateway', [
        { url: 'https://example.com/a', title: 'A' },
        { url: 'https://example.com/b', title: 'B' },
      ]),
      citedTextBlock([
        { text: 'Cited', url: 'https://example.com/a', title: 'A' },
        { text: '.', url: 'https://example.com/b', title: 'B' },
      ]),
    ]),
  });
  const events = await chatEvents(runtime, ask({ enabledSearch: true }));
  const groundings = events.filter((event) => event.event === 'grounding');
  t.equal(groundings.length, 1);
  t.same(groundings[0]?.data, {
    citations: [
      { title: 'A', url: 'https://example.com/a' },
      { title: 'B', url: 'https://example.com/b' },
    ],
    searchQueries: ['manifold gateway'],
  });
  t.same(
    events.slice(-3).map((event) => event.event),
    ['stop', 'usage', 'speed'],
  );
});

t.test('an overloaded_error event before content is one first_chunk_error', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({
    kind: 'events',
    events: [messageStart(), anthropicErrorEvent('overloaded_error', 'Overloaded')],
  });
  const events = await chatEvents(runtime, ask());
  t.equal(events.length, 1);
  t.match(events[0], {
    id: 'first_chunk_error',
    event: 'error',
    data: {
      type: 'ProviderBizError',
      body: {
        provider: 'anthropic',
        error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      },
    },
  });
});

t.test('an error event after content keeps the stream id and its own type', async (t) => {
  const { fake, runtime } = await setup(t);
  const events = anthropicTextEvents(['partial'], { id: 'msg_mid', stop: false });
  fake.reply({
    kind: 'events',
    events: [...events, anthropicErrorEvent('rate_limit_error', 'Rate limited')],
  });
  const received = await chatEvents(runtime, ask());
  t.same(
    received.map((event) => [event.id, event.event]),
    [
      ['msg_mid', 'text'],
      ['msg_mid', 'error'],
    ],
  );
  t.equal((received[1]?.data as { type: string }).type, 'QuotaLimitReached');
});

t.test('a data line that is not JSON ends the stream with StreamChunkError', async (t) => {
  const { fake, runtime } = await setup(t);
  const start = anthropicTextEvents(['Hello'], { stop: false });
  fake.reply({ kind: 'events', events: [...start, '{"type":"content_block_delta", broken'] });
  const events = await chatEvents(runtime, ask());
  t.same(
    events.map((event) => event.event),
    ['text', 'error'],
  );
  t.match(events[1]?.data, {
    type: 'StreamChunkError',
    message:
      'chat response streaming chunk parse error, please contact your API Provider to fix it.',
    body: { provider: 'anthropic', context: { chunk: '{"type":"content_block_delta", broken' } },
  });
});

t.test('a dropped connection before message_delta is one unexpected_end error', async (t) => {
  const { fake, runtime } = await setup(t);
  const events = anthropicTextEvents(['a', 'b', 'c']);
  // message_start, ping, block start, `a`, `b`, then the socket is destroyed
  fake.reply({ kind: 'events', events, dropAfter: 5 });
  const received = await chatEvents(runtime, ask());
  t.same(
    received.map((event) => event.event),
    ['text', 'text', 'error'],
  );
  t.match(received[2]?.data, {
    type: 'ProviderBizError',
    body: { reason: 'unexpected_end', provider: 'anthropic' },
  });
});

t.test('a connection closed after the stop reason still ends properly', async (t) => {
  const { fake, runtime } = await setup(t);
  const events = anthropicTextEvents(['done'], { usage: { input: 1, output: 1 } });
  fake.reply({ kind: 'events', events: events.slice(0, -1) });
  const received = await chatEvents(runtime, ask());
  t.same(
    received.map((event) => event.event),
    ['text', 'stop', 'usage', 'speed'],
  );
});

t.test('a client abort ends the events quietly and frees the upstream socket', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({
    kind: 'events',
    events: anthropicTextEvents(Array.from({ length: 50 }, (_, i) => `w${i} `)),
    delayMs: 40,
  });
  const controller = new AbortController();
  const seen: string[] = [];
  const stream = await runtime.chat(ask(), callContext({ signal: controller.signal }));
  for await (const event of stream) {
    seen.push(event.event);
    if (seen.length === 2) controller.abort();
  }
  t.same(seen, ['text', 'text']);
  await fake.waitForClientClose();
  t.equal(fake.activeResponses(), 0, 'the upstream answer was closed');
});
