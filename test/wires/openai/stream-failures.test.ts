import t from 'tap';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { streamErrorChunk } from '@manifold/provider-kit/fakes/openai-errors';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  kinds,
  runtimeOptions,
} from './runtime-helpers.js';

const compat = { baseURL: 'http://unused.invalid/v1' };

t.test('a chunk that is not JSON yields one StreamChunkError event', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'fixture', name: 'bad-json' });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest());

  t.same(kinds(events.slice(0, 1)), [['text', 'Hel']]);
  t.equal(events.length, 2);
  const error = events[1];
  t.equal(error?.event, 'error');
  t.match(error?.data, {
    type: 'StreamChunkError',
    message:
      'chat response streaming chunk parse error, please contact your API Provider to fix it.',
  });
});

t.test('a connection dropped before [DONE] ends with an unexpected_end error', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'fixture', name: 'dropped' });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest());

  t.same(kinds(events.slice(0, 2)), [
    ['text', 'Once upon'],
    ['text', ' a time'],
  ]);
  t.equal(events.length, 3);
  t.match(events[2], {
    event: 'error',
    data: { type: 'ProviderBizError', body: { reason: 'unexpected_end' } },
  });
  t.notOk(events.some((event) => event.event === 'stop'));
});

t.test('a finish reason followed by the connection closing still ends normally', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'chunks', chunks: textChunks(['Done']), done: false });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  const events = kinds(await chatEvents(runtime, chatRequest()));

  t.same(events.slice(0, 2), [
    ['text', 'Done'],
    ['stop', 'stop'],
  ]);
  t.notOk(events.some(([kind]) => kind === 'error'));
});

t.test('an error object inside the stream becomes a mapped error event', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'chunks',
    chunks: [
      ...textChunks(['Partial']).slice(0, 1),
      streamErrorChunk('quota gone', 'insufficient_quota'),
    ],
  });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest());

  t.same(kinds(events.slice(0, 1)), [['text', 'Partial']]);
  t.match(events.at(-1), {
    event: 'error',
    data: { type: 'InsufficientQuota', message: 'quota gone', body: { provider: 'test-compat' } },
  });
  t.equal(events.length, 2);
});

t.test('an error as the first chunk carries the first_chunk_error id', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'chunks', chunks: [streamErrorChunk('overloaded')], done: false });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest());

  t.equal(events.length, 1);
  t.match(events[0], {
    id: 'first_chunk_error',
    event: 'error',
    data: { type: 'ProviderBizError' },
  });
});

t.test('aborting mid-stream releases the upstream socket within a second', async (t) => {
  const fake = await fakeUpstream(t);
  const texts = Array.from({ length: 50 }, (_, index) => `w${index} `);
  fake.reply({ kind: 'chunks', chunks: textChunks(texts), delayMs: 40 });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));
  const controller = new AbortController();

  const stream = await runtime.chat(chatRequest(), callContext({ signal: controller.signal }));
  const seen: string[] = [];
  const closed = fake.waitForClientClose();
  for await (const event of stream) {
    seen.push(event.event);
    if (seen.length === 2) controller.abort();
  }

  t.ok(seen.length < 5, 'nothing much follows the abort');
  const released = await Promise.race([
    closed.then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), 1000)),
  ]);
  t.ok(released, 'the fake saw the client close the response');
  const start = Date.now();
  while (fake.openConnections() > 0 && Date.now() - start < 1000) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  t.equal(fake.openConnections(), 0);
});

t.test('a consumer that stops reading early also releases the upstream socket', async (t) => {
  const fake = await fakeUpstream(t);
  const texts = Array.from({ length: 50 }, (_, index) => `w${index} `);
  fake.reply({ kind: 'chunks', chunks: textChunks(texts), delayMs: 20 });
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  const stream = await runtime.chat(chatRequest(), callContext());
  const closed = fake.waitForClientClose();
  for await (const event of stream) {
    if (event.event === 'text') break;
  }

  const released = await Promise.race([
    closed.then(() => true),
    new Promise((resolve) => setTimeout(() => resolve(false), 1000)),
  ]);
  t.ok(released);
});
