import t from 'tap';
import { definition } from '@manifold/provider-internlm';
import { chatCompletion, chatUsage, modelList } from '../../upstreams/openai-builders.js';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  kinds,
  lastBody,
  runtimeOptions,
} from '../../core/compat/runtime-helpers.js';
import type { FakeOpenAI } from '../../upstreams/openai.js';
import { conformance } from './conformance.js';

const internlm = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/puyu/api/v1` }, { providerId: 'internlm' }),
  );

const weatherTool = {
  type: 'function' as const,
  function: { name: 'get_weather', parameters: { type: 'object', properties: {} } },
};

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
      internlm(fake),
      chatRequest({ model: 'internlm3-latest', tools: [weatherTool] }),
    );

    t.equal(fake.lastRequest()?.path, '/puyu/api/v1/chat/completions');
    t.equal(lastBody(fake).stream, false);
    t.notOk('stream_options' in lastBody(fake));
    const names = events.map((event) => event.event);
    t.same(names.slice(-3), ['stop', 'usage', 'speed']);
    t.ok(names.indexOf('text') < names.indexOf('tool_calls'));
    t.same(
      kinds(events).find(([kind]) => kind === 'text'),
      ['text', 'Checking.'],
    );
    const toolCalls = events.find((event) => event.event === 'tool_calls')?.data as Array<{
      id: string;
      function: { name: string; arguments: string };
    }>;
    t.match(toolCalls, [
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

  await chatEvents(internlm(fake), chatRequest({ model: 'internlm3-latest' }));

  t.equal(lastBody(fake).stream, true);
});

t.test('the model list infers abilities and prefers built-in cards', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: modelList(['intern-s1', 'internvl2.5-latest', 'internlm-embedding']),
  });

  const cards = await internlm(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/puyu/api/v1/models');
  t.same(
    cards.map((card) => card.id),
    ['intern-s1', 'internvl2.5-latest'],
  );
  t.equal(cards[0]?.displayName, 'Intern-S1');
  t.equal(cards[1]?.abilities.vision, true);
});

void t.test('the conformance kit', conformance);
