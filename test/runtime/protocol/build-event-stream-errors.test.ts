import t from 'tap';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { buildEventStream } from '@manifold/core/protocol/build-event-stream';
import { STREAM_CHUNK_ERROR_MESSAGE } from '@manifold/core/protocol/chunk-error';
import { UNEXPECTED_END_MESSAGE } from '@manifold/core/protocol/event-assembler';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { mapError, run, scripted } from './stream-helpers.js';

const unexpectedEnd = {
  type: 'ProviderBizError',
  message: UNEXPECTED_END_MESSAGE,
  body: { reason: 'unexpected_end', provider: 'test-provider', message: UNEXPECTED_END_MESSAGE },
};

t.test(
  'a stream cut after content gives one unexpected_end error with the stream id',
  async (t) => {
    const { events } = await run([
      { type: 'id', id: 'resp_9' },
      { type: 'text', text: 'partial' },
      { type: 'usage', usage: { totalTokens: 3 } },
    ]);
    t.strictSame(events, [
      { id: 'resp_9', event: 'text', data: 'partial' },
      { id: 'resp_9', event: 'error', data: unexpectedEnd },
    ]);
  },
);

t.test('an empty source is an unexpected end before the first chunk', async (t) => {
  const { events } = await run([]);
  t.strictSame(events, [{ id: 'first_chunk_error', event: 'error', data: unexpectedEnd }]);
});

t.test(
  'an error part before any content has the id first_chunk_error and stops the source',
  async (t) => {
    const error = new ManifoldError('InvalidProviderAPIKey', { message: 'bad key' });
    const { events, state } = await run([
      { type: 'id', id: 'resp_1' },
      { type: 'data', data: { type: 'message_start' } },
      { type: 'error', error },
      { type: 'text', text: 'never' },
    ]);
    t.strictSame(events, [
      { id: 'resp_1', event: 'data', data: { type: 'message_start' } },
      {
        id: 'first_chunk_error',
        event: 'error',
        data: {
          type: 'InvalidProviderAPIKey',
          message: 'bad key',
          body: { message: 'bad key', provider: 'test-provider' },
        },
      },
    ]);
    t.equal(state.returned, true);
  },
);

t.test('an error thrown before content is mapped and has the id first_chunk_error', async (t) => {
  const { events } = await run([{ throw: new Error('socket hang up') }]);
  t.strictSame(events, [
    {
      id: 'first_chunk_error',
      event: 'error',
      data: {
        type: 'ProviderBizError',
        message: 'socket hang up',
        body: { message: 'socket hang up', mapped: true, provider: 'test-provider' },
      },
    },
  ]);
});

t.test(
  'an error after content uses the stream id and a thrown ManifoldError is kept as is',
  async (t) => {
    const error = new ManifoldError('QuotaLimitReached', {
      message: 'slow down',
      provider: 'other',
    });
    const { events } = await run([
      { type: 'id', id: 'resp_2' },
      { type: 'text', text: 'Hello' },
      { type: 'finish', reason: 'stop' },
      { throw: error },
    ]);
    t.strictSame(events, [
      { id: 'resp_2', event: 'text', data: 'Hello' },
      {
        id: 'resp_2',
        event: 'error',
        data: {
          type: 'QuotaLimitReached',
          message: 'slow down',
          body: { message: 'slow down', provider: 'other' },
        },
      },
    ]);
  },
);

t.test('a thrown SyntaxError becomes a StreamChunkError', async (t) => {
  const { events } = await run([
    { type: 'id', id: 'r' },
    { type: 'reasoning', text: 'hmm' },
    { throw: new SyntaxError('Unexpected end of JSON input') },
  ]);
  t.equal(events.length, 2);
  t.match(events[1], {
    id: 'r',
    event: 'error',
    data: {
      type: 'StreamChunkError',
      message: STREAM_CHUNK_ERROR_MESSAGE,
      body: {
        provider: 'test-provider',
        context: { error: { name: 'SyntaxError', message: 'Unexpected end of JSON input' } },
      },
    },
  });
});

t.test('aborting stops the source quietly with no error event', async (t) => {
  const controller = new AbortController();
  const { source, state, now } = scripted([
    { type: 'text', text: 'one' },
    { type: 'text', text: 'two' },
    { type: 'end' },
  ]);
  const events: StreamEvent[] = [];
  const stream = buildEventStream(source, {
    provider: 'p',
    startedAt: 1000,
    now,
    mapError,
    signal: controller.signal,
  });
  for await (const event of stream) {
    events.push(event);
    controller.abort();
  }
  t.strictSame(
    events.map((event) => event.data),
    ['one'],
  );
  t.equal(state.returned, true);
});

t.test('an abort surfacing as a thrown AbortError gives no error event', async (t) => {
  const controller = new AbortController();
  async function* source(): AsyncGenerator<StreamPart> {
    yield { type: 'text', text: 'one' };
    await new Promise((_, reject) =>
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason)),
    );
  }
  const events: StreamEvent[] = [];
  const stream = buildEventStream(source(), {
    provider: 'p',
    startedAt: 0,
    mapError,
    signal: controller.signal,
  });
  for await (const event of stream) {
    events.push(event);
    setTimeout(() => controller.abort(), 5);
  }
  t.equal(events.length, 1);
  t.equal(events[0]?.event, 'text');
});

t.test('a signal aborted before the start emits nothing', async (t) => {
  const { events, state } = await run([{ type: 'text', text: 'x' }, { type: 'end' }], {
    signal: AbortSignal.abort(),
  });
  t.strictSame(events, []);
  t.equal(state.returned, false, 'the source was never started');
});

t.test('a consumer that stops reading stops the source', async (t) => {
  const { source, state, now } = scripted([
    { type: 'text', text: 'one' },
    { type: 'text', text: 'two' },
    { type: 'end' },
  ]);
  for await (const event of buildEventStream(source, {
    provider: 'p',
    startedAt: 0,
    now,
    mapError,
  })) {
    t.equal(event.data, 'one');
    break;
  }
  t.equal(state.returned, true);
});

t.test(
  'an error event carries the sanitised body: a key in the upstream error never reaches the client',
  async (t) => {
    const leaked = 'sk-live-0123456789abcdefghijklmn';
    const error = new ManifoldError('ProviderBizError', {
      message: 'upstream said no',
      error: { message: `Incorrect API key provided: ${leaked}`, api_key: leaked },
    });
    const { events } = await run([
      { type: 'text', text: 'a' },
      { type: 'error', error },
    ]);
    const data = events.at(-1)!.data as { body: Record<string, unknown>; message: string };
    t.equal(data.message, 'upstream said no');
    t.equal(data.body.provider, 'test-provider', 'the provider is filled in');
    t.notMatch(JSON.stringify(data), leaked, 'the key is masked');
  },
);

t.test('onSettled tells once how the stream ended: read to its end, failed, or left', async (t) => {
  const settled = async (
    parts: StreamPart[],
    stopAfter?: number,
    signal?: AbortSignal,
  ): Promise<[boolean, boolean][]> => {
    const calls: [boolean, boolean][] = [];
    const { source, now } = scripted(parts);
    let seen = 0;
    for await (const _ of buildEventStream(source, {
      provider: 'p',
      startedAt: 0,
      now,
      mapError,
      ...(signal && { signal }),
      onSettled: (completed, failed) => calls.push([completed, failed]),
    })) {
      t.equal(calls.length, 0, 'not before the stream is over');
      if (++seen === stopAfter) break;
    }
    return calls;
  };
  const text = (text: string): StreamPart => ({ type: 'text', text });
  t.strictSame(await settled([text('a'), { type: 'end' }]), [[true, false]], 'read to its end');
  t.strictSame(
    await settled([text('a'), { type: 'error', error: new ManifoldError('ProviderBizError') }]),
    [[true, true]],
    'ended in an error event',
  );
  t.strictSame(await settled([text('a')]), [[true, true]], 'an unexpected end is an error too');
  t.strictSame(
    await settled([text('a'), text('b'), { type: 'end' }], 1),
    [[false, false]],
    'a reader that stopped early',
  );
  t.strictSame(
    await settled([text('a'), { type: 'end' }], undefined, AbortSignal.abort()),
    [[true, false]],
    'an aborted stream ends quietly (the abort itself frees the upstream)',
  );
});
