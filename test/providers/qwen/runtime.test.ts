import t from 'tap';
import { definition } from '@manifold/provider-qwen';
import { modelList, textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

/** DashScope's base path is /compatible-mode/v1; the fake routes by suffix. */
const qwen = (fake: FakeOpenAI, env: Record<string, string> = {}) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/compatible-mode/v1` }, { providerId: 'qwen', env }),
  );

const lookup = { type: 'function' as const, function: { name: 'lookup', parameters: {} } };

t.test('the default base URL is the DashScope compatible mode', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://dashscope.aliyuncs.com/compatible-mode/v1');
});

t.test('a non-streamed request still streams upstream, with usage', async (t) => {
  const fake = await fakeUpstream(t);
  const events = await chatEvents(qwen(fake), chatRequest({ model: 'qwen-max', stream: false }));

  t.equal(fake.lastRequest()?.path, '/compatible-mode/v1/chat/completions');
  t.equal(lastBody(fake).stream, true);
  t.same(lastBody(fake).stream_options, { include_usage: true });
  t.ok(events.some((event) => event.event === 'text'));
});

t.test('frequency_penalty is never sent', async (t) => {
  const fake = await fakeUpstream(t);
  await chatEvents(qwen(fake), chatRequest({ model: 'qwen-plus', frequency_penalty: 0.5 }));
  t.notOk('frequency_penalty' in lastBody(fake));
});

t.test('presence_penalty is held in [-2, 2] and left out for legacy -chat models', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = qwen(fake);

  await chatEvents(runtime, chatRequest({ model: 'qwen-plus', presence_penalty: 3 }));
  t.equal(lastBody(fake).presence_penalty, 2);
  await chatEvents(runtime, chatRequest({ model: 'qwen-plus', presence_penalty: -2.5 }));
  t.equal(lastBody(fake).presence_penalty, -2);
  await chatEvents(runtime, chatRequest({ model: 'qwen-plus', presence_penalty: 1.2 }));
  t.equal(lastBody(fake).presence_penalty, 1.2);
  await chatEvents(runtime, chatRequest({ model: 'qwen-14b-chat', presence_penalty: 1 }));
  t.notOk('presence_penalty' in lastBody(fake));
});

t.test('temperature must be below 2: 2 is dropped, 0 and 1.99 are kept', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = qwen(fake);

  await chatEvents(runtime, chatRequest({ model: 'qwen-plus', temperature: 2 }));
  t.notOk('temperature' in lastBody(fake));
  await chatEvents(runtime, chatRequest({ model: 'qwen-plus', temperature: 1.99 }));
  t.equal(lastBody(fake).temperature, 1.99);
  await chatEvents(runtime, chatRequest({ model: 'qwen-plus', temperature: 0 }));
  t.equal(lastBody(fake).temperature, 0);
});

t.test('top_p is in (0, 1) for text models and (0, 1] for vision models', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = qwen(fake);
  const topP = async (model: string, top_p: number) => {
    await chatEvents(runtime, chatRequest({ model, top_p }));
    return lastBody(fake).top_p as number | undefined;
  };

  t.equal(await topP('qwen-plus', 1), undefined, 'text model: 1 dropped');
  t.equal(await topP('qwen-plus', 0), undefined, 'text model: 0 dropped');
  t.equal(await topP('qwen-plus', 0.8), 0.8);
  t.equal(await topP('qwen-vl-max', 1), 1, 'qwen-vl: 1 kept');
  t.equal(await topP('qvq-max', 1), 1, 'qvq: 1 kept');
  t.equal(await topP('qwen3-vl-plus', 1), 1, '-vl: 1 kept');
  t.equal(await topP('qwen-vl-max', 0), undefined, 'vision: 0 dropped');
});

t.test('hybrid models get enable_thinking and thinking_budget from thinking', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = qwen(fake);
  const enabled = { type: 'enabled' as const, budget_tokens: 2048 };

  for (const model of ['qwen3-32b', 'qwen-plus', 'qwen-turbo']) {
    await chatEvents(runtime, chatRequest({ model, thinking: enabled }));
    t.equal(lastBody(fake).enable_thinking, true, model);
    t.equal(lastBody(fake).thinking_budget, 2048, model);
  }

  await chatEvents(runtime, chatRequest({ model: 'qwen-plus', thinking: { type: 'disabled' } }));
  t.equal(lastBody(fake).enable_thinking, false);
  t.notOk('thinking_budget' in lastBody(fake));

  await chatEvents(runtime, chatRequest({ model: 'qwen-max', thinking: enabled }));
  t.notOk('enable_thinking' in lastBody(fake), 'not a hybrid model');
  await chatEvents(runtime, chatRequest({ model: 'qwen-plus' }));
  t.notOk('enable_thinking' in lastBody(fake), 'no thinking asked, none sent');
});

t.test('search sets enable_search with QWEN_SEARCH_STRATEGY, default standard', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(qwen(fake), chatRequest({ model: 'qwen-plus', enabledSearch: true }));
  t.equal(lastBody(fake).enable_search, true);
  t.same(lastBody(fake).search_options, { search_strategy: 'standard' });

  await chatEvents(
    qwen(fake, { QWEN_SEARCH_STRATEGY: 'pro' }),
    chatRequest({ model: 'qwen-plus', enabledSearch: true }),
  );
  t.same(lastBody(fake).search_options, { search_strategy: 'pro' });

  await chatEvents(qwen(fake), chatRequest({ model: 'qwen-plus' }));
  t.notOk('enable_search' in lastBody(fake), 'no search, no flag');
});

t.test('search_info.search_results become one grounding event', async (t) => {
  const fake = await fakeUpstream(t);
  const search_info = {
    search_results: [
      { index: 1, title: 'Qwen3', url: 'https://qwenlm.github.io/blog/qwen3/', site_name: 'Qwen' },
      { index: 2, title: 'DashScope', url: 'https://help.aliyun.com/zh/model-studio/' },
    ],
  };
  fake.reply({
    kind: 'chunks',
    chunks: textChunks(['Qwen3 ', 'is out.']).map((c) => ({ ...c, search_info })),
  });

  const events = await chatEvents(
    qwen(fake),
    chatRequest({ model: 'qwen-plus', enabledSearch: true }),
  );

  const groundings = events.filter((event) => event.event === 'grounding');
  t.equal(groundings.length, 1);
  t.same(groundings[0]?.data, {
    citations: [
      { title: 'Qwen3', url: 'https://qwenlm.github.io/blog/qwen3/' },
      { title: 'DashScope', url: 'https://help.aliyun.com/zh/model-studio/' },
    ],
  });
});

t.test('tools are sent with parallel_tool_calls: true', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = qwen(fake);

  await chatEvents(runtime, chatRequest({ model: 'qwen-plus', tools: [lookup] }));
  t.equal(lastBody(fake).parallel_tool_calls, true);
  t.same(lastBody(fake).tools, [lookup]);

  await chatEvents(runtime, chatRequest({ model: 'qwen-plus' }));
  t.notOk('parallel_tool_calls' in lastBody(fake), 'no tools, no flag');
});

t.test(
  'the model list comes from /models, with built-in cards and inferred abilities',
  async (t) => {
    const fake = await fakeUpstream(t);
    fake.reply({
      kind: 'json',
      body: modelList(['qwen-plus', 'qwen3-coder-plus', 'qvq-72b-preview', 'text-embedding-v4']),
    });

    const cards = await qwen(fake).models!(callContext());

    t.equal(fake.lastRequest()?.path, '/compatible-mode/v1/models');
    t.same(
      cards.map((card) => card.id),
      ['qwen-plus', 'qwen3-coder-plus', 'qvq-72b-preview'],
    );
    t.equal(cards[0]?.displayName, 'Qwen Plus', 'built-in card preferred');
    t.equal(cards[2]?.abilities?.vision, true, 'qvq inferred as vision');
    t.equal(cards[2]?.abilities?.reasoning, true, 'qvq inferred as reasoning');
    t.notOk(cards[1]?.abilities?.reasoning, 'qwen3-coder is not a reasoning model');
  },
);

void t.test('the conformance kit', conformance);
