import t from 'tap';
import { chatEvents, chatRequest, kinds } from '../../wires/openai/runtime-helpers.js';
import { azureChunks, safeFilterResults } from '@manifold/provider-kit/fakes/azure';
import {
  chatUsage,
  chunk,
  textChunks,
  toolCallChunks,
} from '@manifold/provider-kit/fakes/openai-builders';
import { azureSetup, lastBody } from './setup.js';

const id = 'chatcmpl-AzUr3StrEaM';

t.test('tool calls and usage from Azure chunks give the exact event list', async (t) => {
  const { fake, runtime } = await azureSetup(t);
  fake.reply({
    kind: 'chunks',
    chunks: azureChunks(
      toolCallChunks([{ id: 'call_1', name: 'get_weather', arguments: ['{"city":', '"Oslo"}'] }], {
        id,
        model: 'gpt-4o-2024-11-20',
        usage: chatUsage(40, 18, { cachedTokens: 10 }),
      }),
    ),
  });
  const events = await chatEvents(runtime(), chatRequest({ model: 'gpt-4o' }));
  const call = { id: 'call_1', type: 'function', function: { name: 'get_weather' } };
  t.same(kinds(events).slice(0, -1), [
    ['tool_calls', [{ index: 0, ...call, function: { ...call.function, arguments: '' } }]],
    ['tool_calls', [{ index: 0, ...call, function: { ...call.function, arguments: '{"city":' } }]],
    ['tool_calls', [{ index: 0, ...call, function: { ...call.function, arguments: '"Oslo"}' } }]],
    ['stop', 'tool_calls'],
    [
      'usage',
      {
        totalInputTokens: 40,
        totalOutputTokens: 18,
        totalTokens: 58,
        inputCachedTokens: 10,
        inputCacheMissTokens: 30,
        inputTextTokens: 40,
        outputTextTokens: 18,
      },
    ],
  ]);
  t.ok(
    events.slice(0, -1).every((event) => event.id === id),
    'the first non-empty chunk id is the stream id (the prompt-filter chunk has none)',
  );
  t.same(events.at(-1)?.id, 'output_speed');
});

t.test('reasoning tokens count in the output total', async (t) => {
  const { fake, runtime } = await azureSetup(t);
  fake.reply({
    kind: 'chunks',
    chunks: azureChunks(
      textChunks(['4'], { id, usage: chatUsage(10, 70, { reasoningTokens: 64 }) }),
    ),
  });
  const events = await chatEvents(runtime(), chatRequest({ model: 'o4-mini' }));
  t.match(events.find((event) => event.event === 'usage')?.data, {
    totalOutputTokens: 70,
    outputReasoningTokens: 64,
    outputTextTokens: 6,
  });
});

t.test('think tags in content become reasoning, split exactly at the tags', async (t) => {
  const { fake, runtime } = await azureSetup(t);
  fake.reply({
    kind: 'chunks',
    chunks: azureChunks(textChunks(['<thi', 'nk>plan', '</think>An', 'swer'], { id })),
  });
  const events = await chatEvents(runtime(), chatRequest({ model: 'gpt-4o' }));
  t.same(
    kinds(events).filter(([kind]) => kind === 'text' || kind === 'reasoning'),
    [
      ['reasoning', 'plan'],
      ['text', 'An'],
      ['text', 'swer'],
    ],
  );
});

t.test('output stopped by the content filter ends with stop content_filter', async (t) => {
  const { fake, runtime } = await azureSetup(t);
  const filtered = chunk({}, { id }, 'content_filter');
  const choice = (filtered.choices as Array<Record<string, unknown>>)[0]!;
  choice.content_filter_results = {
    ...safeFilterResults(),
    violence: { filtered: true, severity: 'high' },
  };
  fake.reply({
    kind: 'chunks',
    chunks: [...azureChunks([chunk({ content: 'Once' }, { id })]), filtered],
  });
  const events = await chatEvents(runtime(), chatRequest({ model: 'gpt-4o' }));
  t.same(kinds(events).slice(0, -1), [
    ['text', 'Once'],
    ['stop', 'content_filter'],
  ]);
});

t.test('embeddings go through the deployment, in input order', async (t) => {
  const { fake, runtime } = await azureSetup(t, { deployments: ['emb-small'] });
  const models = [
    {
      id: 'text-embedding-3-small',
      type: 'embedding' as const,
      enabled: true,
      abilities: {},
      source: 'builtin' as const,
      config: { deploymentName: 'emb-small' },
    },
  ];
  const vectors = await runtime({ models }).embeddings!(
    { model: 'text-embedding-3-small', input: ['a', 'b'], dimensions: 3 },
    { signal: new AbortController().signal, startedAt: Date.now() },
  );
  t.equal(fake.lastRequest()?.path, '/openai/deployments/emb-small/embeddings');
  t.equal(fake.lastRequest()?.query.get('api-version'), '2024-10-21');
  t.same(lastBody(fake), {
    model: 'emb-small',
    input: ['a', 'b'],
    dimensions: 3,
    encoding_format: 'float',
  });
  t.same(vectors, [
    [0.25, -0.5, 0.75],
    [0.25, -0.5, 0.75],
  ]);
});
