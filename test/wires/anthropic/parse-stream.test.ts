import t from 'tap';
import { AnthropicStreamError } from '@manifold/wire-anthropic/errors';
import {
  anthropicMessageEvents,
  anthropicStreamParts,
} from '@manifold/wire-anthropic/parse-stream';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import {
  anthropicErrorEvent,
  anthropicMessage,
  anthropicStream,
  citedTextBlock,
  messageDelta,
  messageStart,
  redactedThinkingBlock,
  textBlock,
  thinkingBlock,
  toolUseBlock,
  webSearchBlocks,
} from '@manifold/provider-kit/fakes/anthropic-builders';

async function partsOf(events: readonly unknown[], mapError?: (error: unknown) => ManifoldError) {
  const parts: StreamPart[] = [];
  for await (const part of anthropicStreamParts(events, mapError ? { mapError } : {})) {
    parts.push(part);
  }
  return parts;
}

t.test('a tool-use stream (reference Example E) gives its parts in order', async (t) => {
  const events = anthropicStream(
    [
      textBlock(['好', '的:']),
      toolUseBlock('toolu_01Wd', 'realtime-weather____fetchCurrentWeather', [
        '',
        '{"city": "',
        '杭',
        '州"}',
      ]),
    ],
    { id: 'msg_017a', stopReason: 'tool_use', usage: { input: 457, startOutput: 1, output: 83 } },
  );
  t.same(await partsOf(events), [
    { type: 'id', id: 'msg_017a' },
    {
      type: 'usage',
      usage: {
        totalInputTokens: 457,
        totalOutputTokens: 1,
        totalTokens: 458,
        inputCacheMissTokens: 457,
      },
    },
    { type: 'text', text: '好' },
    { type: 'text', text: '的:' },
    {
      type: 'tool_call',
      index: 0,
      id: 'toolu_01Wd',
      name: 'realtime-weather____fetchCurrentWeather',
    },
    { type: 'tool_call', index: 0, arguments: '' },
    { type: 'tool_call', index: 0, arguments: '{"city": "' },
    { type: 'tool_call', index: 0, arguments: '杭' },
    { type: 'tool_call', index: 0, arguments: '州"}' },
    { type: 'finish', reason: 'tool_use' },
    // message_delta output_tokens is cumulative: 83, not 1 + 83
    {
      type: 'usage',
      usage: {
        totalInputTokens: 457,
        totalOutputTokens: 83,
        totalTokens: 540,
        inputCacheMissTokens: 457,
      },
    },
    { type: 'end' },
  ]);
});

t.test('parallel tool_use blocks get their own tool indexes, counted from 0', async (t) => {
  const events = anthropicStream(
    [textBlock(['x']), toolUseBlock('a', 'one', ['{}']), toolUseBlock('b', 'two', ['{"k":1}'])],
    { stopReason: 'tool_use' },
  );
  const calls = (await partsOf(events)).filter((part) => part.type === 'tool_call');
  t.same(calls, [
    { type: 'tool_call', index: 0, id: 'a', name: 'one' },
    { type: 'tool_call', index: 0, arguments: '{}' },
    { type: 'tool_call', index: 1, id: 'b', name: 'two' },
    { type: 'tool_call', index: 1, arguments: '{"k":1}' },
  ]);
});

t.test('a tool call without arguments ends with "{}" appended, streamed or whole', async (t) => {
  const toolParts = async (events: readonly unknown[]) =>
    (await partsOf(events)).filter((part) => part.type === 'tool_call');
  const merged = (parts: StreamPart[]) =>
    parts.map((part) => (part.type === 'tool_call' ? (part.arguments ?? '') : '')).join('');

  // the API's shape for a call without input: `input: {}`, then one empty input_json_delta
  const emptyDelta = await toolParts(
    anthropicStream([toolUseBlock('toolu_n', 'clock____now', [''])], { stopReason: 'tool_use' }),
  );
  t.same(emptyDelta, [
    { type: 'tool_call', index: 0, id: 'toolu_n', name: 'clock____now' },
    { type: 'tool_call', index: 0, arguments: '' },
    { type: 'tool_call', index: 0, arguments: '{}' },
  ]);

  const noDelta = await toolParts(
    anthropicStream([toolUseBlock('toolu_n', 'clock____now', [])], { stopReason: 'tool_use' }),
  );
  t.equal(merged(noDelta), '{}', 'no input_json_delta at all');

  const whole = await toolParts(
    anthropicMessageEvents(
      anthropicMessage([{ type: 'tool_use', id: 'toolu_n', name: 'clock____now', input: {} }], {
        stopReason: 'tool_use',
      }),
    ),
  );
  t.equal(merged(whole), '{}', 'a whole message with input {}');

  const withInput = await toolParts(
    anthropicStream([toolUseBlock('toolu_a', 'one', ['', '{"k":', '1}'])]),
  );
  t.equal(merged(withInput), '{"k":1}', 'a call with input gets nothing appended');

  const noStop = anthropicStream([toolUseBlock('toolu_n', 'clock____now', [''])], {
    stopReason: 'tool_use',
  }).filter((event) => typeof event === 'string' || event.type !== 'content_block_stop');
  t.equal(merged(await toolParts(noStop)), '{}', 'closed by message_stop');

  const finishedOnly = anthropicStream([toolUseBlock('toolu_n', 'clock____now', [])], {
    stopReason: 'tool_use',
  }).filter(
    (event) =>
      typeof event === 'string' ||
      !['content_block_stop', 'message_stop'].includes(`${event.type}`),
  );
  t.equal(merged(await toolParts(finishedOnly)), '{}', 'closed by the end after a finish reason');
});

t.test('thinking with a signature and redacted thinking (reference Example F)', async (t) => {
  const events = anthropicStream([
    thinkingBlock(['I need', ' to think'], 'EuYBCkQYAiJA'),
    redactedThinkingBlock('EmwKAhgBEgy3va3pzix'),
    textBlock(['Done']),
  ]);
  const content = (await partsOf(events)).filter((part) =>
    ['reasoning', 'reasoning_signature', 'flagged_reasoning_signature', 'text'].includes(part.type),
  );
  t.same(content, [
    { type: 'reasoning', text: 'I need' },
    { type: 'reasoning', text: ' to think' },
    { type: 'reasoning_signature', signature: 'EuYBCkQYAiJA' },
    { type: 'flagged_reasoning_signature', data: 'EmwKAhgBEgy3va3pzix' },
    { type: 'text', text: 'Done' },
  ]);
});

t.test('prompt-cache usage (reference Example F) keeps the cumulative output', async (t) => {
  const events = anthropicStream([textBlock(['ok'])], {
    usage: { input: 6, cacheCreation: 457, cacheRead: 17918, startOutput: 2, output: 3222 },
  });
  const usage = (await partsOf(events)).filter((part) => part.type === 'usage').at(-1);
  t.same(usage, {
    type: 'usage',
    usage: {
      totalInputTokens: 18381,
      totalOutputTokens: 3222,
      totalTokens: 21603,
      inputCacheMissTokens: 6,
      inputCachedTokens: 17918,
      inputWriteCacheTokens: 457,
    },
  });
});

t.test('web search results and citations become one grounding before the end', async (t) => {
  const events = anthropicStream([
    webSearchBlocks('claude news', [
      { url: 'https://example.com/a', title: 'A' },
      { url: 'https://example.com/b', title: 'B' },
    ]),
    citedTextBlock([
      { text: 'Cited', url: 'https://example.com/a', title: 'A' },
      { text: ' again.', url: 'https://example.com/c', title: '' },
    ]),
  ]);
  const parts = await partsOf(events);
  t.same(parts.slice(-2), [
    {
      type: 'grounding',
      grounding: {
        citations: [
          { title: 'A', url: 'https://example.com/a' },
          { title: 'B', url: 'https://example.com/b' },
          { title: 'https://example.com/c', url: 'https://example.com/c' },
        ],
        searchQueries: ['claude news'],
      },
    },
    { type: 'end' },
  ]);
  t.same(
    parts.filter((part) => part.type === 'text'),
    [
      { type: 'text', text: 'Cited' },
      { type: 'text', text: ' again.' },
    ],
  );
  t.notOk(
    parts.some((part) => part.type === 'tool_call'),
    'the server tool is not a client tool call',
  );
});

t.test('an error event is thrown as AnthropicStreamError without a mapper', async (t) => {
  const events = [messageStart(), anthropicErrorEvent('overloaded_error', 'Overloaded')];
  const error = await partsOf(events).catch((caught: unknown) => caught);
  t.ok(error instanceof AnthropicStreamError);
  t.equal((error as Error).message, 'Overloaded');
  t.same(
    (error as AnthropicStreamError).event,
    anthropicErrorEvent('overloaded_error', 'Overloaded'),
  );
});

t.test('an error event becomes an error part with a mapper, and ends the parts', async (t) => {
  const mapped = new ManifoldError('ProviderBizError', { message: 'Overloaded' });
  const seen: unknown[] = [];
  const events = [
    messageStart({ id: 'msg_e' }),
    anthropicErrorEvent('overloaded_error', 'Overloaded'),
    { type: 'message_stop' },
  ];
  const parts = await partsOf(events, (error) => {
    seen.push(error);
    return mapped;
  });
  t.same(
    parts.map((part) => part.type),
    ['id', 'usage', 'error'],
  );
  t.equal((parts[2] as { error: ManifoldError }).error, mapped);
  t.ok(seen[0] instanceof AnthropicStreamError);
});

t.test('ping and unknown events are ignored; no end without message_stop', async (t) => {
  const parts = await partsOf([
    { type: 'ping' },
    { type: 'some_future_event', data: 1 },
    'not an object',
    messageStart({ id: 'msg_p' }),
    messageDelta('end_turn', { output: 2 }),
  ]);
  t.same(
    parts.map((part) => part.type),
    ['id', 'usage', 'finish', 'usage'],
  );
});

t.test('a whole message replays as the same parts as its stream', async (t) => {
  const message = anthropicMessage(
    [
      { type: 'thinking', thinking: 'plan', signature: 'sig' },
      { type: 'redacted_thinking', data: 'opaque' },
      { type: 'server_tool_use', id: 'srv_1', name: 'web_search', input: { query: 'q' } },
      {
        type: 'web_search_tool_result',
        tool_use_id: 'srv_1',
        content: [{ type: 'web_search_result', url: 'https://example.com/a', title: 'A' }],
      },
      {
        type: 'text',
        text: 'Answer',
        citations: [
          { type: 'web_search_result_location', url: 'https://example.com/a', title: 'A' },
        ],
      },
      { type: 'tool_use', id: 'toolu_1', name: 'calc', input: { x: 1 } },
    ],
    { id: 'msg_whole', stopReason: 'tool_use', usage: { input: 3, output: 9 } },
  );
  t.same(await partsOf(anthropicMessageEvents(message)), [
    { type: 'id', id: 'msg_whole' },
    {
      type: 'usage',
      usage: {
        totalInputTokens: 3,
        totalOutputTokens: 9,
        totalTokens: 12,
        inputCacheMissTokens: 3,
      },
    },
    { type: 'reasoning', text: 'plan' },
    { type: 'reasoning_signature', signature: 'sig' },
    { type: 'flagged_reasoning_signature', data: 'opaque' },
    { type: 'text', text: 'Answer' },
    { type: 'tool_call', index: 0, id: 'toolu_1', name: 'calc', arguments: '{"x":1}' },
    { type: 'finish', reason: 'tool_use' },
    {
      type: 'grounding',
      grounding: {
        citations: [{ title: 'A', url: 'https://example.com/a' }],
        searchQueries: ['q'],
      },
    },
    { type: 'end' },
  ]);
});

t.test('an error body replays as one error event', async (t) => {
  const body = { type: 'error', error: { type: 'api_error', message: 'boom' } };
  t.same(anthropicMessageEvents(body), [body]);
  t.same(anthropicMessageEvents('nonsense'), []);
});
