import t from 'tap';
import { definition } from '@manifold/provider-stepfun';
import { WEB_SEARCH_TOOL } from '../../../providers/stepfun/search.js';
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

const stepfun = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'stepfun' }),
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
      stepfun(fake),
      chatRequest({ model: 'step-1-8k', tools: [weatherTool] }),
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

  await chatEvents(stepfun(fake), chatRequest({ model: 'step-1-8k' }));

  t.equal(lastBody(fake).stream, true);
});

t.test('search adds the web_search tool', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(stepfun(fake), chatRequest({ model: 'step-2-mini', enabledSearch: true }));
  t.same(lastBody(fake).tools, [WEB_SEARCH_TOOL]);
  t.same(WEB_SEARCH_TOOL, {
    type: 'web_search',
    function: {
      name: 'web_search',
      description: 'use web_search to search information on the internet',
    },
  });

  await chatEvents(stepfun(fake), chatRequest({ model: 'step-2-mini' }));
  t.notOk('tools' in lastBody(fake));
});

t.test('the model list infers abilities and prefers built-in cards', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: modelList(['step-1v-8k', 'step-2-16k-exp', 'step-1o-vision-32k', 'step-1x-embedding']),
  });

  const cards = await stepfun(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(
    cards.map((card) => card.id),
    ['step-1v-8k', 'step-2-16k-exp', 'step-1o-vision-32k'],
  );
  t.equal(cards[0]?.displayName, 'Step 1V 8K');
  t.equal(cards[1]?.abilities.functionCall, true);
  t.equal(cards[2]?.abilities.vision, true);
  t.notOk(cards[2]?.abilities.functionCall);
});

void t.test('the conformance kit', conformance);
