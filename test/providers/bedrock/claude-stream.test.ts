import t from 'tap';
import type { ToolCallFragment } from '@manifold/core/contract/tool-call';
import { mergeToolCalls } from '@manifold/core/protocol/merge-tool-calls';
import { definition } from '@manifold/provider-bedrock';
import { chatEvents, kinds } from '../../wires/openai/runtime-helpers.js';
import {
  claudeEvents,
  claudeMessage,
  claudeTextEvents,
  CLAUDE_MESSAGE_ID,
} from '@manifold/provider-kit/fakes/bedrock-builders';
import { streamOf } from '@manifold/provider-kit/fakes/bedrock';
import { ask, bedrockOptions, bedrockRuntime, fakeBedrock, lastBody } from './helpers.js';

t.test('a Claude stream gives text, the stop reason and usage with cache counts', async (t) => {
  const fake = await fakeBedrock(t);
  fake.reply(
    streamOf(
      claudeTextEvents(['Hel', 'lo'], {
        usage: { input: 20, output: 7, cacheRead: 100, cacheWrite: 30 },
      }),
    ),
  );
  const events = await chatEvents(bedrockRuntime(fake), ask());
  t.same(kinds(events).slice(0, -1), [
    ['text', 'Hel'],
    ['text', 'lo'],
    ['stop', 'end_turn'],
    [
      'usage',
      {
        totalInputTokens: 150,
        totalOutputTokens: 7,
        totalTokens: 157,
        inputCacheMissTokens: 20,
        inputCachedTokens: 100,
        inputWriteCacheTokens: 30,
      },
    ],
  ]);
  t.equal(events.at(-1)?.event, 'speed');
  t.ok(
    events.slice(0, -1).every((event) => event.id === CLAUDE_MESSAGE_ID),
    'the Bedrock message id is the stream id',
  );
});

t.test('thinking, its signature and tool calls stream as their own events', async (t) => {
  const fake = await fakeBedrock(t);
  fake.reply(
    streamOf(
      claudeEvents({
        stopReason: 'tool_use',
        usage: { input: 40, output: 60 },
        blocks: [
          { type: 'thinking', thinking: ['Need ', 'weather.'], signature: 'EuYBsig' },
          { type: 'redacted_thinking', data: 'opaque-blob' },
          { type: 'text', text: ['Checking.'] },
          {
            type: 'tool_use',
            id: 'toolu_bdrk_01',
            name: 'weather____get',
            input: ['{"city":', '"Paris"}'],
          },
        ],
      }),
    ),
  );
  const events = await chatEvents(bedrockRuntime(fake), ask({ thinking: { type: 'enabled' } }));
  const call = (args: string) => [
    {
      index: 0,
      id: 'toolu_bdrk_01',
      type: 'function',
      function: { name: 'weather____get', arguments: args },
    },
  ];
  t.same(kinds(events).slice(0, -1), [
    ['reasoning', 'Need '],
    ['reasoning', 'weather.'],
    ['reasoning_signature', 'EuYBsig'],
    ['flagged_reasoning_signature', 'opaque-blob'],
    ['text', 'Checking.'],
    ['tool_calls', call('')],
    ['tool_calls', call('{"city":')],
    ['tool_calls', call('"Paris"}')],
    ['stop', 'tool_use'],
    [
      'usage',
      { totalInputTokens: 40, totalOutputTokens: 60, totalTokens: 100, inputCacheMissTokens: 40 },
    ],
  ]);
});

t.test('a Claude tool call without input ends with arguments "{}", streamed or not', async (t) => {
  const fake = await fakeBedrock(t);
  const options = {
    stopReason: 'tool_use',
    blocks: [{ type: 'tool_use' as const, id: 'toolu_bdrk_0', name: 'clock____now', input: [] }],
  };
  const argumentsOf = (events: Awaited<ReturnType<typeof chatEvents>>) =>
    mergeToolCalls(
      [],
      events
        .filter((event) => event.event === 'tool_calls')
        .flatMap((event) => event.data as ToolCallFragment[]),
    ).map((call) => [call.id, call.function.name, call.function.arguments]);

  // streamed: `input: {}`, then one empty input_json_delta
  fake.reply(streamOf(claudeEvents(options)));
  t.same(argumentsOf(await chatEvents(bedrockRuntime(fake), ask())), [
    ['toolu_bdrk_0', 'clock____now', '{}'],
  ]);

  fake.reply({ kind: 'json', body: claudeMessage(options) });
  t.same(argumentsOf(await chatEvents(bedrockRuntime(fake), ask({ stream: false }))), [
    ['toolu_bdrk_0', 'clock____now', '{}'],
  ]);
});

t.test("Bedrock's invocation metrics give the usage when the events report none", async (t) => {
  const fake = await fakeBedrock(t);
  const events = claudeTextEvents(['Hi'], { usage: { input: 9, output: 4 } }).map((event) => {
    const { usage: _usage, ...rest } = event as Record<string, unknown>;
    if (event.type !== 'message_start') return rest;
    const message = { ...(event.message as Record<string, unknown>) };
    delete message.usage;
    return { ...rest, message };
  });
  fake.reply(streamOf(events));
  const result = await chatEvents(bedrockRuntime(fake), ask());
  t.same(kinds(result).slice(0, -1), [
    ['text', 'Hi'],
    ['stop', 'end_turn'],
    ['usage', { totalInputTokens: 9, totalOutputTokens: 4, totalTokens: 13 }],
  ]);
});

t.test('stream: false calls InvokeModel and gives the same events', async (t) => {
  const fake = await fakeBedrock(t);
  fake.reply({
    kind: 'json',
    body: claudeMessage({
      blocks: [
        { type: 'text', text: ['Calling.'] },
        { type: 'tool_use', id: 'toolu_2', name: 'weather____get', input: ['{"city":"Oslo"}'] },
      ],
      stopReason: 'tool_use',
      usage: { input: 11, output: 6 },
    }),
  });
  const events = await chatEvents(bedrockRuntime(fake), ask({ stream: false }));
  t.equal(fake.lastRequest()?.operation, 'invoke');
  t.equal(lastBody(fake).anthropic_version, 'bedrock-2023-05-31');
  t.same(kinds(events).slice(0, -1), [
    ['text', 'Calling.'],
    [
      'tool_calls',
      [
        {
          index: 0,
          id: 'toolu_2',
          type: 'function',
          function: { name: 'weather____get', arguments: '{"city":"Oslo"}' },
        },
      ],
    ],
    ['stop', 'tool_use'],
    [
      'usage',
      { totalInputTokens: 11, totalOutputTokens: 6, totalTokens: 17, inputCacheMissTokens: 11 },
    ],
  ]);
});

t.test('DEBUG_BEDROCK_CHAT_COMPLETION=1 logs the payload and every chunk', async (t) => {
  const fake = await fakeBedrock(t);
  const options = bedrockOptions(fake, { env: { DEBUG_BEDROCK_CHAT_COMPLETION: '1' } });
  await chatEvents(definition.createRuntime(options), ask());
  const messages = options.logger.records.filter((r) => r.level === 'info').map((r) => r.message);
  t.equal(messages[0], 'chat completion payload');
  t.ok(messages.filter((m) => m === 'chat completion chunk').length >= 5, 'each chunk is logged');
  t.notMatch(JSON.stringify(options.logger.records), options.secretAccessKey!, 'never the secret');
});
