import t from 'tap';
import { definition } from '@manifold/provider-ai360';
import { WEB_SEARCH_TOOL } from '../../../providers/ai360/search.js';
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

const ai360 = (fake: FakeOpenAI) =>
  definition.createRuntime(runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'ai360' }));

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
      ai360(fake),
      chatRequest({ model: '360gpt-pro', tools: [weatherTool] }),
    );

    t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
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

  await chatEvents(ai360(fake), chatRequest({ model: '360gpt-pro' }));

  t.equal(lastBody(fake).stream, true);
});

t.test('search adds the web_search tool', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(ai360(fake), chatRequest({ model: '360gpt2-pro', enabledSearch: true }));
  t.same(lastBody(fake).tools, [WEB_SEARCH_TOOL]);
  t.same(WEB_SEARCH_TOOL, { type: 'web_search', web_search: { search_mode: 'auto' } });

  await chatEvents(ai360(fake), chatRequest({ model: '360gpt2-pro' }));
  t.notOk('tools' in lastBody(fake));
});

t.test('the model list infers abilities and prefers built-in cards', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: modelList(['360gpt2-o1', '360gpt-pro-sc202401', 'embedding_s1_v1']),
  });

  const cards = await ai360(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(
    cards.map((card) => card.id),
    ['360gpt2-o1', '360gpt-pro-sc202401'],
  );
  t.equal(cards[0]?.displayName, '360GPT2 o1');
  t.equal(cards[1]?.abilities.functionCall, true);
});

void t.test('the conformance kit', conformance);
