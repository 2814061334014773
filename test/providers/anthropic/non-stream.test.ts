import t from 'tap';
import type { ToolCallFragment } from '@manifold/core/contract/tool-call';
import { mergeToolCalls } from '@manifold/core/protocol/merge-tool-calls';
import { callContext, chatEvents, kinds, rejection } from '../../wires/openai/runtime-helpers.js';
import { anthropicMessage } from '@manifold/provider-kit/fakes/anthropic-builders';
import { ask, setup } from './helpers.js';

const withoutSpeed = (events: Awaited<ReturnType<typeof chatEvents>>) =>
  kinds(events.filter((event) => event.event !== 'speed'));

t.test('stream: false sends a non-streaming request and replays the message', async (t) => {
  const { fake, runtime, body } = await setup(t);
  fake.reply({
    kind: 'json',
    body: anthropicMessage(
      [
        { type: 'thinking', thinking: 'Quick check.', signature: 'sig-1' },
        { type: 'text', text: 'Paris.' },
        { type: 'tool_use', id: 'toolu_9', name: 'map____pin', input: { city: 'Paris' } },
      ],
      { id: 'msg_nonstream', stopReason: 'tool_use', usage: { input: 20, output: 7 } },
    ),
  });
  const events = await chatEvents(runtime, ask({ stream: false }));
  t.equal(body().stream, false);
  t.same(withoutSpeed(events), [
    ['reasoning', 'Quick check.'],
    ['reasoning_signature', 'sig-1'],
    ['text', 'Paris.'],
    [
      'tool_calls',
      [
        {
          index: 0,
          id: 'toolu_9',
          type: 'function',
          function: { name: 'map____pin', arguments: '{"city":"Paris"}' },
        },
      ],
    ],
    ['stop', 'tool_use'],
    [
      'usage',
      { totalInputTokens: 20, totalOutputTokens: 7, totalTokens: 27, inputCacheMissTokens: 20 },
    ],
  ]);
  t.ok(events.slice(0, -1).every((event) => event.id === 'msg_nonstream'));
});

t.test('a whole message with a tool call of input {} gives arguments "{}"', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({
    kind: 'json',
    body: anthropicMessage([{ type: 'tool_use', id: 'toolu_0', name: 'clock____now', input: {} }], {
      stopReason: 'tool_use',
    }),
  });
  const events = await chatEvents(runtime, ask({ stream: false }));
  const fragments = events
    .filter((event) => event.event === 'tool_calls')
    .flatMap((event) => event.data as ToolCallFragment[]);
  t.same(mergeToolCalls([], fragments)[0]?.function, { name: 'clock____now', arguments: '{}' });
});

t.test('a non-streaming error body with status 200 is refused before any event', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({
    kind: 'json',
    body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
  });
  const error = await rejection(runtime.chat(ask({ stream: false }), callContext()));
  t.equal(error?.errorType, 'ProviderBizError');
  t.match(error?.body?.error, { error: { type: 'overloaded_error' } });
});
