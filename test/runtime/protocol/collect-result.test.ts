import t from 'tap';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { buildEventStream } from '@manifold/core/protocol/build-event-stream';
import { collectChatResult } from '@manifold/core/protocol/collect-result';
import { mapError, scripted, type Step } from './stream-helpers.js';

async function* from(events: StreamEvent[]) {
  yield* events;
}

const collect = (steps: Step[]) => {
  const { source, now } = scripted(steps);
  return collectChatResult(
    buildEventStream(source, { provider: 'test-provider', startedAt: 1000, now, mapError }),
  );
};

t.test('a full stream collects into one result', async (t) => {
  const result = await collect([
    { type: 'id', id: 'msg_1' },
    1200,
    { type: 'text', text: '<think>plan' },
    { type: 'text', text: '</think>Hello' },
    { type: 'reasoning_signature', signature: 'sig' },
    { type: 'grounding', grounding: { citations: [{ title: 'A', url: 'https://a.example' }] } },
    { type: 'text', text: ' world' },
    { type: 'tool_call', index: 0, id: 'call_a', name: 'search', arguments: '{"q":' },
    { type: 'tool_call', index: 0, arguments: '"x"}' },
    { type: 'image', url: 'data:image/png;base64,AAAA' },
    { type: 'finish', reason: 'tool_calls' },
    1700,
    { type: 'usage', usage: { totalInputTokens: 5, totalOutputTokens: 10, totalTokens: 15 } },
    { type: 'end' },
  ]);
  t.strictSame(result, {
    id: 'msg_1',
    text: 'Hello world',
    stop: 'tool_calls',
    reasoning: { content: 'plan', signature: 'sig' },
    toolCalls: [
      {
        id: 'call_a',
        type: 'function',
        index: 0,
        function: { name: 'search', arguments: '{"q":"x"}' },
      },
    ],
    grounding: { citations: [{ title: 'A', url: 'https://a.example' }] },
    images: ['data:image/png;base64,AAAA'],
    usage: { totalInputTokens: 5, totalOutputTokens: 10, totalTokens: 15 },
    speed: { tps: 20, ttft: 200 },
  });
});

t.test('a plain answer has only id, text, stop and speed', async (t) => {
  const result = await collect([
    { type: 'id', id: 'r' },
    { type: 'text', text: 'Hi' },
    { type: 'end' },
  ]);
  t.strictSame(result, { id: 'r', text: 'Hi', stop: 'stop', speed: { ttft: 0 } });
});

t.test('an error event is thrown as the ManifoldError it describes', async (t) => {
  const error = await collect([
    { type: 'text', text: 'partial' },
    { type: 'error', error: new ManifoldError('ExceededContextWindow', { message: 'too long' }) },
  ]).catch((caught: unknown) => caught);
  t.ok(error instanceof ManifoldError);
  t.match(error, {
    errorType: 'ExceededContextWindow',
    message: 'too long',
    body: { message: 'too long', provider: 'test-provider' },
  });
});

t.test('an unexpected end is thrown with its message', async (t) => {
  await t.rejects(collect([{ type: 'text', text: 'cut' }]), {
    name: 'ManifoldError',
    errorType: 'ProviderBizError',
    message: 'The provider closed the stream before it finished',
    body: { reason: 'unexpected_end' },
  });
});

t.test('events without a stop are an unexpected end', async (t) => {
  await t.rejects(collectChatResult(from([{ id: 'x', event: 'text', data: 'a' }])), {
    name: 'ManifoldError',
    errorType: 'ProviderBizError',
    body: { reason: 'unexpected_end' },
  });
});

t.test('the result id skips the fixed special ids', async (t) => {
  const result = await collectChatResult(
    from([
      { id: 'output_speed', event: 'speed', data: { ttft: 1 } },
      { id: 'abc', event: 'stop', data: 'stop' },
    ]),
  );
  t.equal(result.id, 'abc');
});
