import t from 'tap';
import { errorStatus } from '@manifold/core/errors/status';
import { chatEvents, kinds, rejection } from '../../wires/openai/runtime-helpers.js';
import { claudeEvents, claudeTextEvents } from '@manifold/provider-kit/fakes/bedrock-builders';
import { chunkMessage } from '@manifold/provider-kit/fakes/bedrock-eventstream';
import { streamOf } from '@manifold/provider-kit/fakes/bedrock';
import { ask, bedrockRuntime, fakeBedrock } from './helpers.js';

/** message_start and a text block opened: the stream is accepted, no content yet. */
const opening = claudeTextEvents(['x']).slice(0, 2);
/** message_start and one text delta. */
const afterText = claudeTextEvents(['Hello']).slice(0, 3);

const streamCases: Array<[string, Record<string, unknown>, string]> = [
  [
    'throttlingException',
    { message: 'Too many tokens, please wait before trying again.' },
    'QuotaLimitReached',
  ],
  [
    'modelStreamErrorException',
    { message: 'Model stream failed', originalStatusCode: 500, originalMessage: 'overloaded' },
    'ProviderBizError',
  ],
  [
    'validationException',
    { message: 'Input is too long for requested model.' },
    'ExceededContextWindow',
  ],
  ['internalServerException', { message: 'Internal server error' }, 'ProviderBizError'],
  ['serviceUnavailableException', { message: 'Service unavailable' }, 'ProviderBizError'],
  ['modelTimeoutException', { message: 'Model timed out' }, 'ProviderBizError'],
];

t.test('in-stream exceptions after content end the stream with one mapped error', async (t) => {
  const fake = await fakeBedrock(t);
  const runtime = bedrockRuntime(fake);
  for (const [exception, body, expected] of streamCases) {
    fake.reply(streamOf(afterText, { then: [{ exception, body }] }));
    const events = await chatEvents(runtime, ask());
    t.same(
      events.map((e) => e.event),
      ['text', 'error'],
      exception,
    );
    t.match(events[1], {
      id: 'msg_bdrk_01UXq8Ktf2nWbPvzc4Rm7Ahd',
      data: {
        type: expected,
        message: body.message,
        body: { provider: 'bedrock', region: 'us-east-1' },
      },
    });
  }
  const last = await (async () => {
    fake.reply(
      streamOf(afterText, {
        then: [{ exception: 'modelStreamErrorException', body: streamCases[1]![1] }],
      }),
    );
    return chatEvents(runtime, ask());
  })();
  t.match(last[1]?.data, {
    body: { error: { originalStatusCode: 500, originalMessage: 'overloaded' } },
  });
});

t.test('an in-stream exception before any content has the id first_chunk_error', async (t) => {
  const fake = await fakeBedrock(t);
  fake.reply(
    streamOf(opening, {
      then: [{ exception: 'throttlingException', body: { message: 'Slow down' } }],
    }),
  );
  const events = await chatEvents(bedrockRuntime(fake), ask());
  t.same(
    kinds(events).map(([kind]) => kind),
    ['error'],
  );
  t.match(events[0], {
    id: 'first_chunk_error',
    data: { type: 'QuotaLimitReached', message: 'Slow down' },
  });
});

t.test(
  'an exception as the very first frame is an HTTP error (the SDK reads it before answering)',
  async (t) => {
    const fake = await fakeBedrock(t);
    fake.reply(
      streamOf([], {
        then: [{ exception: 'throttlingException', body: { message: 'Slow down' } }],
      }),
    );
    const error = await rejection(
      bedrockRuntime(fake).chat(ask(), {
        signal: new AbortController().signal,
        startedAt: Date.now(),
      }),
    );
    t.equal(error?.errorType, 'QuotaLimitReached');
    t.equal(errorStatus(error.errorType), 429);
  },
);

t.test('a model chunk that is not JSON is a StreamChunkError naming the chunk', async (t) => {
  const fake = await fakeBedrock(t);
  fake.reply(streamOf(afterText, { then: [{ chunkText: '{"type": broken' }] }));
  const events = await chatEvents(bedrockRuntime(fake), ask());
  t.same(
    events.map((e) => e.event),
    ['text', 'error'],
  );
  t.match(events[1]?.data, {
    type: 'StreamChunkError',
    message:
      'chat response streaming chunk parse error, please contact your API Provider to fix it.',
    body: { provider: 'bedrock', context: { chunk: '{"type": broken' } },
  });
});

t.test('a frame the SDK cannot decode is a StreamChunkError too', async (t) => {
  const fake = await fakeBedrock(t);
  const corrupt = chunkMessage(JSON.stringify({ type: 'ping' }));
  corrupt[corrupt.length - 6]! ^= 0xff;
  for (const then of [[{ payloadText: 'not json{' }], [{ raw: corrupt }]]) {
    fake.reply(streamOf(afterText, { then }));
    const events = await chatEvents(bedrockRuntime(fake), ask());
    t.same(
      events.map((e) => e.event),
      ['text', 'error'],
    );
    t.match(events[1]?.data, { type: 'StreamChunkError', body: { provider: 'bedrock' } });
  }
});

t.test('a dropped connection is one unexpected_end error, wherever it drops', async (t) => {
  const fake = await fakeBedrock(t);
  const half = chunkMessage(
    JSON.stringify({
      type: 'content_block_delta',
      index: 0,
      delta: { type: 'text_delta', text: 'x' },
    }),
  ).subarray(0, 20);
  for (const [label, then] of [
    ['between frames', [{ drop: true as const }]],
    ['inside a frame', [{ raw: half }, { drop: true as const }]],
    ['a truncated frame, then a clean close', [{ raw: half }]],
    ['a clean close without message_stop', []],
  ] as const) {
    fake.reply(streamOf(afterText, { then: [...then] }));
    const events = await chatEvents(bedrockRuntime(fake), ask());
    t.same(
      events.map((e) => e.event),
      ['text', 'error'],
      label,
    );
    t.match(events[1]?.data, {
      type: 'ProviderBizError',
      body: { reason: 'unexpected_end', provider: 'bedrock' },
    });
  }
});

t.test('a finish reason followed by a dropped connection still ends properly', async (t) => {
  const fake = await fakeBedrock(t);
  const events = claudeEvents({
    blocks: [{ type: 'text', text: ['Done'] }],
    usage: { input: 3, output: 1 },
  });
  fake.reply(streamOf(events.slice(0, -1), { then: [{ drop: true }] }));
  const result = await chatEvents(bedrockRuntime(fake), ask());
  t.same(kinds(result).slice(0, -1), [
    ['text', 'Done'],
    ['stop', 'end_turn'],
    [
      'usage',
      { totalInputTokens: 3, totalOutputTokens: 1, totalTokens: 4, inputCacheMissTokens: 3 },
    ],
  ]);
});

t.test('an exception type the SDK does not model is still a provider error', async (t) => {
  const fake = await fakeBedrock(t);
  fake.reply(
    streamOf(afterText, {
      then: [{ exception: 'modelNotReadyException', body: { message: 'Model is warming up' } }],
    }),
  );
  const events = await chatEvents(bedrockRuntime(fake), ask());
  t.same(
    events.map((e) => e.event),
    ['text', 'error'],
  );
  t.match(events[1]?.data, {
    type: 'ProviderBizError',
    message: 'Model is warming up',
    body: { error: { name: 'modelNotReadyException' }, region: 'us-east-1' },
  });
});

t.test("an Anthropic error event inside a chunk is classified like Anthropic's", async (t) => {
  const fake = await fakeBedrock(t);
  const overloaded = { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } };
  const rateLimited = { type: 'error', error: { type: 'rate_limit_error', message: 'Slow down' } };
  fake.reply(streamOf(afterText, { then: [{ chunk: overloaded }] }));
  fake.reply(streamOf(afterText, { then: [{ chunk: rateLimited }] }));
  const runtime = bedrockRuntime(fake);
  const first = await chatEvents(runtime, ask());
  t.match(kinds(first), [
    ['text', 'Hello'],
    ['error', { type: 'ProviderBizError', message: 'Overloaded', body: { region: 'us-east-1' } }],
  ]);
  const second = await chatEvents(runtime, ask());
  t.match(second.at(-1)?.data, { type: 'QuotaLimitReached', message: 'Slow down' });
});
