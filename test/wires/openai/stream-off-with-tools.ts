/**
 * The tests of a provider whose options set `disableStreamWithTools`: with tools the upstream is
 * called without streaming (and the client still gets the whole event stream: text, merged tool
 * calls, stop, usage, speed); without tools it streams.
 *
 * ```ts
 * streamOffWithToolsTests(t, (fake) => definition.createRuntime(...), '360gpt-pro');
 * ```
 */
import type { Test } from 'tap';
import type { ProviderRuntime } from '@manifold/core/contract/runtime';
import { chatCompletion, chatUsage } from '@manifold/provider-kit/fakes/openai-builders';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { chatEvents, chatRequest, fakeUpstream, kinds, lastBody } from './runtime-helpers.js';

const weatherTool = {
  type: 'function' as const,
  function: { name: 'get_weather', parameters: { type: 'object', properties: {} } },
};

/**
 * Register both tests on `t` for the runtime `runtimeOf` builds over the fake, with `model`; `path`
 * is where the provider's chat completions are (default `/v1/chat/completions`).
 */
export function streamOffWithToolsTests(
  t: Test,
  runtimeOf: (fake: FakeOpenAI) => ProviderRuntime,
  model: string,
  path = '/v1/chat/completions',
): void {
  t.test(
    'with tools the upstream is not streamed, and the full event stream still comes',
    async (t) => {
      const fake = await fakeUpstream(t);
      fake.reply({
        kind: 'json',
        body: chatCompletion('Checking.', {
          toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: '{"city":"Beijing"}' }],
          usage: chatUsage(20, 7),
        }),
      });

      const events = await chatEvents(
        runtimeOf(fake),
        chatRequest({ model, tools: [weatherTool] }),
      );

      t.equal(fake.lastRequest()?.path, path);
      t.equal(lastBody(fake).stream, false);
      t.notOk('stream_options' in lastBody(fake));
      const names = events.map((event) => event.event);
      t.same(names.slice(-3), ['stop', 'usage', 'speed']);
      t.ok(names.indexOf('text') < names.indexOf('tool_calls'));
      t.same(
        kinds(events).find(([kind]) => kind === 'text'),
        ['text', 'Checking.'],
      );
      t.match(events.find((event) => event.event === 'tool_calls')?.data, [
        { id: 'call_1', function: { name: 'get_weather', arguments: '{"city":"Beijing"}' } },
      ]);
      t.equal(events.find((event) => event.event === 'stop')?.data, 'tool_calls');
      t.match(events.find((event) => event.event === 'usage')?.data, {
        totalInputTokens: 20,
        totalOutputTokens: 7,
      });
    },
  );

  t.test('without tools the upstream call streams', async (t) => {
    const fake = await fakeUpstream(t);
    await chatEvents(runtimeOf(fake), chatRequest({ model }));
    t.equal(lastBody(fake).stream, true);
  });
}
