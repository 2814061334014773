import t from 'tap';
import { convertOpenAIUsage } from '@manifold/core/protocol/convert-usage';
import { run } from './stream-helpers.js';

t.test('plain text ends with stop and a ttft-only speed', async (t) => {
  const { events } = await run([
    { type: 'id', id: 'resp_1' },
    1100,
    { type: 'text', text: 'Hello' },
    1200,
    { type: 'text', text: ' world!' },
    { type: 'finish', reason: 'stop' },
    1300,
    { type: 'end' },
  ]);
  t.strictSame(events, [
    { id: 'resp_1', event: 'text', data: 'Hello' },
    { id: 'resp_1', event: 'text', data: ' world!' },
    { id: 'resp_1', event: 'stop', data: 'stop' },
    { id: 'output_speed', event: 'speed', data: { ttft: 100 } },
  ]);
});

t.test('usage arriving after the finish chunk comes after stop, then speed', async (t) => {
  const usage = { totalInputTokens: 5, totalOutputTokens: 10, totalTokens: 15 };
  const { events } = await run([
    { type: 'id', id: 'chatcmpl-1' },
    1100,
    { type: 'text', text: 'Hi' },
    1200,
    { type: 'text', text: ' there' },
    { type: 'finish', reason: 'stop' },
    1600,
    { type: 'usage', usage },
    { type: 'end' },
  ]);
  t.strictSame(events, [
    { id: 'chatcmpl-1', event: 'text', data: 'Hi' },
    { id: 'chatcmpl-1', event: 'text', data: ' there' },
    { id: 'chatcmpl-1', event: 'stop', data: 'stop' },
    { id: 'chatcmpl-1', event: 'usage', data: usage },
    { id: 'output_speed', event: 'speed', data: { tps: 20, ttft: 100 } },
  ]);
});

t.test(
  'finish and usage in one chunk with think tags give reasoning, text, stop, usage, speed',
  async (t) => {
    const usage = convertOpenAIUsage({
      prompt_tokens: 10,
      completion_tokens: 50,
      total_tokens: 60,
      completion_tokens_details: { reasoning_tokens: 20 },
      prompt_cache_hit_tokens: 0,
      prompt_cache_miss_tokens: 10,
    });
    const { events } = await run([
      { type: 'id', id: '1' },
      1050,
      { type: 'text', text: '<think>' },
      1100,
      { type: 'text', text: '这是一个思考过程' },
      { type: 'text', text: '，需要仔细分析问题。' },
      { type: 'text', text: '</think>' },
      { type: 'text', text: '根据分析，我的答案是：' },
      { type: 'text', text: '这是最终答案。' },
      2100,
      { type: 'text', text: '' },
      { type: 'usage', usage },
      { type: 'finish', reason: 'stop' },
      { type: 'end' },
    ]);
    t.strictSame(events, [
      { id: '1', event: 'reasoning', data: '这是一个思考过程' },
      { id: '1', event: 'reasoning', data: '，需要仔细分析问题。' },
      { id: '1', event: 'text', data: '根据分析，我的答案是：' },
      { id: '1', event: 'text', data: '这是最终答案。' },
      { id: '1', event: 'stop', data: 'stop' },
      {
        id: '1',
        event: 'usage',
        data: {
          inputCacheMissTokens: 10,
          inputTextTokens: 10,
          outputReasoningTokens: 20,
          outputTextTokens: 30,
          totalInputTokens: 10,
          totalOutputTokens: 50,
          totalTokens: 60,
        },
      },
      { id: 'output_speed', event: 'speed', data: { tps: 50, ttft: 100 } },
    ]);
  },
);

t.test('a think tag sharing a chunk with text is split at the tag', async (t) => {
  const { events } = await run([
    { type: 'id', id: 'x' },
    { type: 'text', text: '<thi' },
    { type: 'text', text: 'nk>abc</think>Hello' },
    { type: 'finish', reason: 'stop' },
    { type: 'end' },
  ]);
  t.strictSame(
    events.map((event) => [event.event, event.data]),
    [
      ['reasoning', 'abc'],
      ['text', 'Hello'],
      ['stop', 'stop'],
      ['speed', { ttft: 0 }],
    ],
  );
});

t.test('with think splitting off, tags stay in the text', async (t) => {
  const { events } = await run([{ type: 'text', text: '<think>a</think>b' }, { type: 'end' }], {
    splitThinkTags: false,
  });
  t.match(events[0], { event: 'text', data: '<think>a</think>b' });
});

t.test('held-back text that is no tag is released before stop', async (t) => {
  const { events } = await run([
    { type: 'id', id: 'x' },
    { type: 'text', text: 'a <thin' },
    { type: 'end' },
  ]);
  t.strictSame(events.map((event) => [event.event, event.data]).slice(0, 3), [
    ['text', 'a '],
    ['text', '<thin'],
    ['stop', 'stop'],
  ]);
});

t.test('every grounding report is merged into one event sent right before stop', async (t) => {
  const { events } = await run([
    { type: 'id', id: 'x' },
    { type: 'grounding', grounding: { citations: [] } },
    {
      type: 'grounding',
      grounding: { citations: [{ title: 'A', url: 'https://a.example' }], searchQueries: ['q1'] },
    },
    { type: 'text', text: 'answer' },
    // after the text began: a new source, a repeated one (its first title is kept), a new query
    {
      type: 'grounding',
      grounding: {
        citations: [
          { title: 'B', url: 'https://b.example' },
          { title: 'A again', url: 'https://a.example' },
        ],
        searchQueries: ['q1', 'q2'],
      },
    },
    { type: 'text', text: '.' },
    { type: 'grounding', grounding: { citations: [{ title: 'C', url: 'https://c.example' }] } },
    { type: 'finish', reason: 'stop' },
    { type: 'end' },
  ]);
  t.strictSame(
    events.map((event) => event.event),
    ['text', 'text', 'grounding', 'stop', 'speed'],
  );
  t.strictSame(events[2], {
    id: 'x',
    event: 'grounding',
    data: {
      citations: [
        { title: 'A', url: 'https://a.example' },
        { title: 'B', url: 'https://b.example' },
        { title: 'C', url: 'https://c.example' },
      ],
      searchQueries: ['q1', 'q2'],
    },
  });
});

t.test('the merged grounding is still sent when an error ends the stream', async (t) => {
  const { events } = await run([
    { type: 'id', id: 'x' },
    { type: 'grounding', grounding: { citations: [{ title: 'A', url: 'https://a.example' }] } },
    { type: 'text', text: 'partial' },
    { type: 'grounding', grounding: { citations: [{ title: 'B', url: 'https://b.example' }] } },
  ]);
  t.strictSame(
    events.map((event) => [event.id, event.event]),
    [
      ['x', 'text'],
      ['x', 'grounding'],
      ['x', 'error'],
    ],
  );
  t.strictSame(events[1]?.data, {
    citations: [
      { title: 'A', url: 'https://a.example' },
      { title: 'B', url: 'https://b.example' },
    ],
  });

  const queriesOnly = await run([
    { type: 'grounding', grounding: { citations: [], searchQueries: ['q'] } },
    { type: 'text', text: 'answer' },
    { type: 'end' },
  ]);
  t.notOk(
    queriesOnly.events.some((event) => event.event === 'grounding'),
    'search queries without any citation send no grounding',
  );
});

t.test('a later usage report replaces an earlier one', async (t) => {
  const { events } = await run([
    { type: 'usage', usage: { totalInputTokens: 10, totalOutputTokens: 1, totalTokens: 11 } },
    { type: 'text', text: 'x' },
    {
      type: 'usage',
      usage: { totalInputTokens: 10, totalOutputTokens: 84, totalTokens: 94, inputCachedTokens: 0 },
    },
    { type: 'finish', reason: 'end_turn' },
    { type: 'end' },
  ]);
  const usage = events.filter((event) => event.event === 'usage');
  t.strictSame(
    usage.map((event) => event.data),
    [{ totalInputTokens: 10, totalOutputTokens: 84, totalTokens: 94 }],
  );
});

t.test('a source that closes after a finish reason ends properly', async (t) => {
  const { events } = await run([
    { type: 'id', id: 'g' },
    { type: 'text', text: 'done' },
    { type: 'finish', reason: 'STOP' },
  ]);
  t.strictSame(
    events.map((event) => event.event),
    ['text', 'stop', 'speed'],
  );
  t.equal(events[1]?.data, 'STOP');
});

t.test('an answer in one chunk measures tps over the whole request', async (t) => {
  const { events } = await run([
    { type: 'id', id: 'x' },
    1900,
    { type: 'text', text: 'the whole answer at once' },
    { type: 'usage', usage: { totalOutputTokens: 50 } },
    { type: 'finish', reason: 'stop' },
    { type: 'end' },
  ]);
  t.strictSame(events.at(-1), {
    id: 'output_speed',
    event: 'speed',
    data: { tps: 55.56, ttft: 900 },
  });
});

t.test('parts after the end marker are ignored and the source is stopped', async (t) => {
  const { events, state } = await run([
    { type: 'text', text: 'a' },
    { type: 'end' },
    { type: 'text', text: 'late' },
    { type: 'usage', usage: { totalTokens: 5 } },
  ]);
  t.strictSame(
    events.map((event) => event.event),
    ['text', 'stop', 'speed'],
  );
  t.equal(state.returned, true);
});

t.test(
  'the stream id is the first id part, else a generated chat id fixed at the first event',
  async (t) => {
    const first = await run([
      { type: 'id', id: 'one' },
      { type: 'id', id: 'two' },
      { type: 'text', text: 'a' },
      { type: 'end' },
    ]);
    t.equal(first.events[0]?.id, 'one');
    t.equal(first.events[1]?.id, 'one');

    const generated = await run([
      { type: 'text', text: 'a' },
      { type: 'id', id: 'too-late' },
      { type: 'text', text: 'b' },
      { type: 'end' },
    ]);
    const id = generated.events[0]?.id ?? '';
    t.match(id, /^chat_[0-9A-Za-z]{16}$/);
    t.strictSame(
      generated.events.slice(0, 3).map((event) => event.id),
      [id, id, id],
    );
  },
);

t.test('signatures, images and data pass through as their own events', async (t) => {
  const { events } = await run([
    { type: 'id', id: 'm' },
    { type: 'data', data: { type: 'message_start' } },
    { type: 'reasoning', text: 'think' },
    { type: 'reasoning_signature', signature: 'sig' },
    { type: 'flagged_reasoning_signature', data: 'opaque' },
    { type: 'image', url: 'data:image/png;base64,AAAA' },
    { type: 'end' },
  ]);
  t.strictSame(
    events.map((event) => [event.event, event.data]),
    [
      ['data', { type: 'message_start' }],
      ['reasoning', 'think'],
      ['reasoning_signature', 'sig'],
      ['flagged_reasoning_signature', 'opaque'],
      ['base64_image', 'data:image/png;base64,AAAA'],
      ['stop', 'stop'],
      ['speed', { ttft: 0 }],
    ],
  );
});

t.test('a stream without output has no speed event', async (t) => {
  const { events } = await run([
    { type: 'id', id: 'x' },
    { type: 'finish', reason: 'length' },
    { type: 'end' },
  ]);
  t.strictSame(events, [{ id: 'x', event: 'stop', data: 'length' }]);
});
