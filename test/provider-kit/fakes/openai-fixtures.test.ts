import t from 'tap';
import type OpenAI from 'openai';
import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { readFixture } from '@manifold/provider-kit/fakes/openai-scenario';
import { collect, connect } from './openai-harness.js';
import type { Teardown } from './openai-harness.js';

/** Stream a fixture through the real SDK and return the parsed chunks (and the error, if it threw). */
async function streamFixture(t: Teardown, name: string) {
  const { fake, client } = await connect(t, { quiet: true });
  fake.reply({ kind: 'fixture', name });
  const stream = await client.chat.completions.create({ model: 'm', messages: [], stream: true });
  return collect(stream);
}

type Delta = ChatCompletionChunk.Choice.Delta & {
  reasoning_content?: string | null;
  annotations?: unknown[];
};

const deltas = (items: ChatCompletionChunk[]) =>
  items.map((item) => (item.choices[0]?.delta ?? {}) as Delta);
const joined = (items: ChatCompletionChunk[], field: 'content' | 'reasoning_content') =>
  deltas(items)
    .map((delta) => delta[field] ?? '')
    .join('');

t.test('text-with-usage streams the text and then a usage chunk with empty choices', async (t) => {
  const { items, error } = await streamFixture(t, 'text-with-usage');
  t.equal(error, undefined);
  t.equal(joined(items, 'content'), 'Hello! How can I help you today?');
  t.equal(items.at(-2)?.choices[0]?.finish_reason, 'stop');
  t.same(items.at(-1)?.choices, []);
  t.match(items.at(-1)?.usage, { prompt_tokens: 19, completion_tokens: 10, total_tokens: 29 });
  t.ok(items.slice(0, -1).every((item) => item.usage === null));
});

t.test(
  'reasoning-content streams reasoning before content and puts DeepSeek usage on the finish chunk',
  async (t) => {
    const { items } = await streamFixture(t, 'reasoning-content');
    t.equal(joined(items, 'reasoning_content'), 'The user asks for 2 + 2. That is 4.');
    t.equal(joined(items, 'content'), '2 + 2 = **4**.');
    const last = items.at(-1);
    t.equal(last?.choices[0]?.finish_reason, 'stop');
    t.match(last?.usage, {
      prompt_cache_hit_tokens: 16,
      prompt_cache_miss_tokens: 4,
      total_tokens: 45,
    });
    t.equal(last?.usage?.completion_tokens_details?.reasoning_tokens, 17);
  },
);

t.test('think-tags splits both tags across chunk boundaries inside content', async (t) => {
  const { items } = await streamFixture(t, 'think-tags');
  const pieces = deltas(items).flatMap((delta) => (delta.content ? [delta.content] : []));
  t.same(pieces, ['<thi', 'nk>plan', ' more</th', 'ink>Answer', ' is 4.']);
  t.equal(pieces.join(''), '<think>plan more</think>Answer is 4.');
});

t.test('parallel-tool-calls merges by index into two complete calls', async (t) => {
  const { items } = await streamFixture(t, 'parallel-tool-calls');
  const calls: Array<{ id?: string; name?: string; arguments: string }> = [];
  for (const fragment of deltas(items).flatMap((delta) => delta.tool_calls ?? [])) {
    const call = (calls[fragment.index] ??= { arguments: '' });
    if (fragment.id) call.id = fragment.id;
    if (fragment.function?.name) call.name = fragment.function.name;
    call.arguments += fragment.function?.arguments ?? '';
  }
  t.same(
    calls.map((call) => [call.name, JSON.parse(call.arguments)]),
    [
      ['get_weather', { city: 'Paris' }],
      ['get_weather', { city: 'Tokyo' }],
    ],
  );
  t.ok(calls.every((call) => call.id?.startsWith('call_')));
  t.equal(items.at(-2)?.choices[0]?.finish_reason, 'tool_calls');
});

t.test(
  'search-annotations puts url_citation annotations on the finish chunk, indexing the content',
  async (t) => {
    const { items } = await streamFixture(t, 'search-annotations');
    const content = joined(items, 'content');
    const finish = items.find((item) => item.choices[0]?.finish_reason === 'stop');
    const annotations = ((finish?.choices[0]?.delta ?? {}) as Delta).annotations ?? [];
    t.equal(annotations.length, 1);
    const citation = (
      annotations[0] as { url_citation: { url: string; start_index: number; end_index: number } }
    ).url_citation;
    t.match(citation.url, /^https:\/\/nodejs\.org\//);
    t.equal(
      content.slice(citation.start_index, citation.end_index),
      `([nodejs.org](${citation.url}))`,
    );
  },
);

t.test(
  'openrouter-annotations sends one url_citation per chunk, with the text and after it',
  async (t) => {
    const { items, error } = await streamFixture(t, 'openrouter-annotations');
    t.equal(error, undefined);
    const perChunk = deltas(items).map((delta) => delta.annotations?.length ?? 0);
    t.ok(
      perChunk.every((count) => count <= 1),
      'at most one annotation per chunk',
    );
    const lastText = deltas(items).findLastIndex((delta) => (delta.content ?? '') !== '');
    t.ok(perChunk[0] === 1 && deltas(items)[0]?.content, 'the first comes with the first text');
    t.ok(
      perChunk.slice(lastText + 1).filter((count) => count === 1).length >= 2,
      'more come after the last text',
    );
    t.equal(items.at(-2)?.choices[0]?.finish_reason, 'stop');
    t.match(items.at(-1)?.usage, { total_tokens: 1577 });
  },
);

t.test('citations repeats Perplexity top-level citations on every chunk', async (t) => {
  const { items } = await streamFixture(t, 'citations');
  const withCitations = items as Array<ChatCompletionChunk & { citations?: string[] }>;
  t.ok(withCitations.length > 1);
  t.ok(withCitations.every((item) => item.citations?.length === 2));
  t.match(items.at(-1)?.usage, { citation_tokens: 418 });
});

t.test('bad-json makes the SDK throw at the broken payload', async (t) => {
  const { items, error } = await streamFixture(t, 'bad-json');
  t.equal(items.length, 1);
  t.type(error, SyntaxError);
});

t.test('dropped makes the SDK throw after the chunks before the drop', async (t) => {
  const { items, error } = await streamFixture(t, 'dropped');
  t.equal(joined(items, 'content'), 'Once upon a time');
  t.ok(error instanceof Error);
});

t.test(
  'responses-web-search is framed as Responses events when it answers /responses',
  async (t) => {
    const { fake, client } = await connect(t);
    fake.reply({ kind: 'fixture', name: 'responses-web-search' });
    const stream = await client.responses.create({
      model: 'gpt-4.1-mini',
      input: 'x',
      stream: true,
    });
    const { items, error } = await collect<OpenAI.Responses.ResponseStreamEvent>(stream);
    t.equal(error, undefined);
    t.ok(items.some((event) => event.type === 'response.web_search_call.searching'));
    t.ok(items.some((event) => event.type === 'response.output_text.annotation.added'));
    t.match(items.at(-1), {
      type: 'response.completed',
      response: { usage: { input_tokens_details: { cached_tokens: 128 } } },
    });
  },
);

t.test(
  'fixture files lose comments and blank lines, and an unknown fixture fails when queued',
  async (t) => {
    const lines = readFixture('dropped');
    t.same(lines.at(-1), '!drop');
    t.notOk(lines.some((line) => line.startsWith('#') || line.trim() === ''));
    const { fake } = await connect(t);
    t.throws(
      () => fake.reply({ kind: 'fixture', name: 'no-such-fixture' }),
      /no-such-fixture\.chunks\.txt/,
    );
  },
);
