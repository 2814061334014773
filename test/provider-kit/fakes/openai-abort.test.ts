import t from 'tap';
import OpenAI from 'openai';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
import { connect, eventually, rejection } from './openai-harness.js';

t.test('aborting a hanging request closes the connection and the server sees it', async (t) => {
  const { fake, client } = await connect(t);
  fake.reply({ kind: 'hang' });
  const controller = new AbortController();
  const outcome = rejection(
    client.chat.completions.create(
      { model: 'm', messages: [], stream: true },
      { signal: controller.signal },
    ),
  );
  t.ok(await eventually(() => fake.requests.length === 1), 'the request was received and recorded');
  controller.abort();
  t.type(await outcome, OpenAI.APIUserAbortError);
  await fake.waitForClientClose();
  t.ok(
    await eventually(() => fake.openConnections() === 0),
    'no connection is left open within a second',
  );
});

t.test('breaking out of a slow stream closes the connection mid-stream', async (t) => {
  const { fake, client } = await connect(t);
  fake.reply({ kind: 'chunks', chunks: textChunks(['a', 'b', 'c', 'd', 'e', 'f']), delayMs: 50 });
  const stream = await client.chat.completions.create({ model: 'm', messages: [], stream: true });
  const received = [];
  for await (const chunk of stream) {
    received.push(chunk);
    if (received.length === 2) break;
  }
  await fake.waitForClientClose();
  t.equal(received.length, 2);
  t.ok(
    await eventually(() => fake.openConnections() === 0),
    'no connection is left open within a second',
  );
});

t.test('a finished request keeps its keep-alive connection until close()', async (t) => {
  const { fake, client } = await connect(t);
  await client.chat.completions.create({ model: 'm', messages: [] });
  t.equal(fake.openConnections(), 1);
  await fake.close();
  t.equal(fake.openConnections(), 0);
});

t.test('close() ends a hanging request instead of leaving the test to hang', async (t) => {
  const { fake, client } = await connect(t);
  fake.reply({ kind: 'hang' });
  const outcome = rejection(client.chat.completions.create({ model: 'm', messages: [] }));
  t.ok(await eventually(() => fake.requests.length === 1));
  await fake.close();
  t.type(await outcome, OpenAI.APIConnectionError);
});

t.test('waitForClientClose resolves for a close that happened before it was called', async (t) => {
  const { fake, client } = await connect(t);
  fake.reply({ kind: 'hang' });
  const controller = new AbortController();
  const outcome = rejection(
    client.chat.completions.create({ model: 'm', messages: [] }, { signal: controller.signal }),
  );
  t.ok(await eventually(() => fake.requests.length === 1));
  controller.abort();
  await outcome;
  t.ok(await eventually(() => fake.openConnections() === 0));
  await fake.waitForClientClose();
  t.pass('the earlier close was remembered');
});
