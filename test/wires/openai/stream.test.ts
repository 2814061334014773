import t from 'tap';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import { chunk, textChunks, toolCallChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { chatEvents, chatRequest, fakeUpstream, kinds, runtimeOptions } from './runtime-helpers.js';

const compat = { baseURL: 'http://unused.invalid/v1' };

t.test('a plain text stream becomes text events, then stop, usage and speed', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'fixture', name: 'text-with-usage' });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest());

  t.same(kinds(events).slice(0, -1), [
    ['text', 'Hello'],
    ['text', '!'],
    ['text', ' How'],
    ['text', ' can'],
    ['text', ' I'],
    ['text', ' help'],
    ['text', ' you'],
    ['text', ' today'],
    ['text', '?'],
    ['stop', 'stop'],
    [
      'usage',
      {
        totalInputTokens: 19,
        totalOutputTokens: 10,
        totalTokens: 29,
        inputCacheMissTokens: 19,
        inputTextTokens: 19,
        outputTextTokens: 10,
      },
    ],
  ]);
  const speed = events.at(-1);
  t.equal(speed?.event, 'speed');
  t.equal(speed?.id, 'output_speed');
  t.ok(events.slice(0, -1).every((event) => event.id === 'chatcmpl-BpR3kX9mQvLwE2fT7aZcYhN1sUo4d'));
});

t.test('reasoning_content deltas are reasoning events and the cache usage is split', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'fixture', name: 'reasoning-content' });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  const events = kinds(await chatEvents(runtime, chatRequest({ model: 'deepseek-reasoner' })));

  const reasoning = events.filter(([kind]) => kind === 'reasoning').map(([, data]) => data);
  const text = events.filter(([kind]) => kind === 'text').map(([, data]) => data);
  t.equal(reasoning.join(''), 'The user asks for 2 + 2. That is 4.');
  t.equal(text.join(''), '2 + 2 = **4**.');
  t.same(
    events.map(([kind]) => kind).filter((kind) => kind !== 'reasoning' && kind !== 'text'),
    ['stop', 'usage', 'speed'],
  );
  const usage = events.find(([kind]) => kind === 'usage')?.[1] as Record<string, number>;
  t.equal(usage.totalInputTokens, 20);
  t.equal(usage.inputCachedTokens, 16);
  t.equal(usage.inputCacheMissTokens, 4);
});

t.test('think tags in content are split into reasoning exactly at the tags', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'fixture', name: 'think-tags' });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  const events = kinds(await chatEvents(runtime, chatRequest()));

  const joined = (kind: string) =>
    events
      .filter(([k]) => k === kind)
      .map(([, data]) => data)
      .join('');
  t.equal(joined('reasoning'), 'plan more');
  t.equal(joined('text'), 'Answer is 4.');
});

t.test('parallel tool calls keep their own id and name on every fragment', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'fixture', name: 'parallel-tool-calls' });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest());

  const fragments = events.flatMap((event) => (event.event === 'tool_calls' ? event.data : []));
  const byIndex = (index: number) => fragments.filter((fragment) => fragment.index === index);
  t.ok(byIndex(0).every((fragment) => fragment.id === 'call_8mKqLr2VtXw9yZ0aBcDeF1gH'));
  t.ok(byIndex(1).every((fragment) => fragment.id === 'call_3nPsQt4UvWx5yZ6aBcDeF7gI'));
  t.ok(fragments.every((fragment) => fragment.function.name === 'get_weather'));
  t.equal(
    byIndex(0)
      .map((fragment) => fragment.function.arguments)
      .join(''),
    '{"city":"Paris"}',
  );
  t.equal(
    byIndex(1)
      .map((fragment) => fragment.function.arguments)
      .join(''),
    '{"city":"Tokyo"}',
  );
  t.same(
    kinds(events.filter((event) => event.event !== 'tool_calls' && event.event !== 'speed')).map(
      ([kind, data]) => (kind === 'stop' ? data : kind),
    ),
    ['tool_calls', 'usage'],
  );
});

t.test('tool calls without an index, or with a negative one, take their position', async (t) => {
  const fake = await fakeUpstream(t);
  const calls = [
    { id: 'call_a', type: 'function', function: { name: 'first', arguments: '{}' } },
    { index: -1, id: 'call_b', type: 'function', function: { name: 'second', arguments: '{}' } },
  ];
  fake.reply({
    kind: 'chunks',
    chunks: [chunk({ tool_calls: calls }), chunk({}, {}, 'tool_calls')],
  });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest());

  const fragments = events.flatMap((event) => (event.event === 'tool_calls' ? event.data : []));
  t.same(
    fragments.map((fragment) => [fragment.index, fragment.id, fragment.function.name]),
    [
      [0, 'call_a', 'first'],
      [1, 'call_b', 'second'],
    ],
  );
});

t.test('citations arriving on every chunk give one grounding event', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'fixture', name: 'citations' });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest({ model: 'sonar' }));

  const groundings = events.filter((event) => event.event === 'grounding');
  t.equal(groundings.length, 1);
  const grounding = groundings[0]?.data as { citations: Array<{ url: string }> };
  t.same(
    grounding.citations.map((citation) => citation.url),
    [
      'https://nodejs.org/en/about/previous-releases',
      'https://github.com/nodejs/release#release-schedule',
    ],
  );
});

t.test('url_citation annotations of search-preview models become the grounding', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'fixture', name: 'search-annotations' });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest({ model: 'gpt-4o-search-preview' }));

  const grounding = events.find((event) => event.event === 'grounding');
  t.same(grounding?.data, {
    citations: [
      {
        title: 'Previous Releases | Node.js',
        url: 'https://nodejs.org/en/about/previous-releases?utm_source=openai',
      },
    ],
  });
  t.same(
    events.slice(-3).map((event) => event.event),
    ['stop', 'usage', 'speed'],
  );
});

t.test('delta images become base64_image events', async (t) => {
  const fake = await fakeUpstream(t);
  const url = 'data:image/png;base64,iVBORw0KGgo=';
  fake.reply({
    kind: 'chunks',
    chunks: [
      chunk({ content: 'Here:', images: [{ type: 'image_url', image_url: { url } }] }),
      chunk({}, {}, 'stop'),
    ],
  });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  const events = kinds(await chatEvents(runtime, chatRequest()));

  t.same(events.slice(0, 3), [
    ['text', 'Here:'],
    ['base64_image', url],
    ['stop', 'stop'],
  ]);
});

t.test('parallel tool calls built with the fake builders round-trip', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'chunks',
    chunks: toolCallChunks(
      [
        { name: 'search', arguments: ['{"q":', '"a"}'] },
        { name: 'lookup', arguments: '{}' },
      ],
      { interleave: true },
    ),
  });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest());

  const fragments = events.flatMap((event) => (event.event === 'tool_calls' ? event.data : []));
  t.same(
    [0, 1].map((index) =>
      fragments
        .filter((fragment) => fragment.index === index)
        .map((fragment) => fragment.function.arguments)
        .join(''),
    ),
    ['{"q":"a"}', '{}'],
  );
  t.same(
    [
      ...new Set(
        fragments.map((fragment) => `${fragment.index}:${fragment.id}:${fragment.function.name}`),
      ),
    ],
    ['0:call_fake_0:search', '1:call_fake_1:lookup'],
  );
});

t.test('a provider citations hook adds its own chunk fields to the one grounding', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(
    {
      baseURL: 'http://unused.invalid/v1',
      citations: (chunk) =>
        Array.isArray(chunk.sources)
          ? chunk.sources.map((item: { href: string; title: string }) => ({
              url: item.href,
              title: item.title,
            }))
          : undefined,
    },
    runtimeOptions(fake),
  );
  const sources = [{ href: 'https://example.com/z', title: 'Z' }];
  fake.reply({
    kind: 'chunks',
    chunks: textChunks(['Hi', '!']).map((chunk, index) =>
      index === 0 ? { ...chunk, sources } : chunk,
    ),
  });
  const events = await chatEvents(runtime, chatRequest());
  t.same(
    events.filter((event) => event.event === 'grounding').map((event) => event.data),
    [{ citations: [{ url: 'https://example.com/z', title: 'Z' }] }],
  );
});
