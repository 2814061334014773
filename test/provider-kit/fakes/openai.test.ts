import t from 'tap';
import {
  chatCompletion,
  chatUsage,
  chatModelIds,
  nonChatModelIds,
  textChunks,
  toolCallChunks,
} from '@manifold/provider-kit/fakes/openai-builders';
import { collect, connect } from './openai-harness.js';

t.test(
  'streamed chat chunks reach the SDK exactly as sent and [DONE] ends the iteration',
  async (t) => {
    const { fake, client } = await connect(t);
    const chunks = textChunks(['Hel', 'lo'], { usage: chatUsage(5, 2) });
    fake.reply({ kind: 'chunks', chunks });
    const stream = await client.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { items, error } = await collect(stream);
    t.equal(error, undefined);
    t.same(items, chunks);
    t.same(items[0]?.choices[0]?.delta, { role: 'assistant', content: 'Hel' });
    t.same(items.at(-2)?.choices[0], {
      index: 0,
      delta: {},
      logprobs: null,
      finish_reason: 'stop',
    });
    t.same(items.at(-1)?.choices, []);
    t.same(items.at(-1)?.usage, chatUsage(5, 2));
  },
);

t.test('the recorded request is the body, path and headers the SDK sent', async (t) => {
  const { fake, client } = await connect(t);
  const messages = [
    { role: 'system' as const, content: 'Be brief.' },
    { role: 'user' as const, content: 'Hi' },
  ];
  await collect(
    await client.chat.completions.create({
      model: 'gpt-4o',
      messages,
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.2,
    }),
  );
  const request = fake.lastRequest();
  t.equal(request?.method, 'POST');
  t.equal(request?.path, '/v1/chat/completions');
  t.equal(request?.headers.authorization, 'Bearer sk-test');
  t.match(request?.headers['content-type'], /^application\/json/);
  t.same(request?.body, {
    model: 'gpt-4o',
    messages,
    stream: true,
    stream_options: { include_usage: true },
    temperature: 0.2,
  });
  t.equal(fake.requests.length, 1);
});

t.test('the raw stream is framed as data lines and ends with data: [DONE]', async (t) => {
  const { fake } = await connect(t);
  fake.reply({ kind: 'chunks', chunks: ['{"a":1}', { b: 2 }] });
  const response = await fetch(`${fake.baseURL}/chat/completions`, { method: 'POST', body: '{}' });
  t.equal(response.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  t.match(response.headers.get('x-request-id'), /^req_fake_/);
  t.ok(response.headers.get('openai-processing-ms'));
  t.equal(await response.text(), 'data: {"a":1}\n\ndata: {"b":2}\n\ndata: [DONE]\n\n');
});

t.test('a stream without [DONE] ends when the server ends the response', async (t) => {
  const { fake, client } = await connect(t);
  const chunks = textChunks(['one']);
  fake.reply({ kind: 'chunks', chunks, done: false });
  const stream = await client.chat.completions.create({ model: 'm', messages: [], stream: true });
  t.same(await collect(stream), { items: chunks });
});

t.test(
  'tool-call fragments carry id, type and name only on the first fragment of each call',
  async (t) => {
    const { fake, client } = await connect(t);
    const chunks = toolCallChunks([
      { name: 'get_weather', arguments: ['{"city":', '"Paris"}'] },
      { id: 'call_b', name: 'get_time', arguments: '{}' },
    ]);
    fake.reply({ kind: 'chunks', chunks });
    const { items } = await collect(
      await client.chat.completions.create({ model: 'm', messages: [], stream: true }),
    );
    const fragments = items.flatMap((item) => item.choices[0]?.delta.tool_calls ?? []);
    t.same(fragments, [
      {
        index: 0,
        id: 'call_fake_0',
        type: 'function',
        function: { name: 'get_weather', arguments: '' },
      },
      { index: 0, function: { arguments: '{"city":' } },
      { index: 0, function: { arguments: '"Paris"}' } },
      { index: 1, id: 'call_b', type: 'function', function: { name: 'get_time', arguments: '' } },
      { index: 1, function: { arguments: '{}' } },
    ]);
    t.equal(items.at(-1)?.choices[0]?.finish_reason, 'tool_calls');
  },
);

t.test(
  'without a queued scenario a streaming request gets a short text stream for its model',
  async (t) => {
    const { client } = await connect(t);
    const stream = await client.chat.completions.create({
      model: 'gpt-4.1',
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { items } = await collect(stream);
    t.equal(
      items.map((item) => item.choices[0]?.delta.content ?? '').join(''),
      'Hello from the fake.',
    );
    t.ok(
      items.every((item) => item.model === 'gpt-4.1' && item.object === 'chat.completion.chunk'),
    );
    t.equal(items.at(-1)?.usage?.total_tokens, 15);
  },
);

t.test('without a queued scenario a non-streaming request gets a chat.completion', async (t) => {
  const { client } = await connect(t);
  const completion = await client.chat.completions.create({ model: 'gpt-4o', messages: [] });
  t.equal(completion.object, 'chat.completion');
  t.equal(completion.model, 'gpt-4o');
  t.equal(completion.choices[0]?.message.content, 'Hello from the fake.');
  t.equal(completion.choices[0]?.finish_reason, 'stop');
});

t.test('queued scenarios answer requests in order and then the default takes over', async (t) => {
  const { fake, client } = await connect(t);
  fake.reply({ kind: 'json', body: chatCompletion('first') });
  fake.reply({ kind: 'json', body: chatCompletion('second', { reasoning: 'because' }) });
  const answers = [];
  for (let index = 0; index < 3; index++) {
    const completion = await client.chat.completions.create({ model: 'gpt-4o-mini', messages: [] });
    answers.push(completion.choices[0]?.message.content);
  }
  t.same(answers, ['first', 'second', 'Hello from the fake.']);
  t.equal(fake.requests.length, 3);
});

t.test('the model list holds chat models and the ids a gateway must filter out', async (t) => {
  const { fake, client } = await connect(t);
  const ids = [];
  for await (const model of client.models.list()) {
    t.equal(model.object, 'model');
    ids.push(model.id);
  }
  t.same(ids, [...chatModelIds, ...nonChatModelIds]);
  t.equal(fake.lastRequest()?.method, 'GET');
  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.equal(fake.lastRequest()?.body, undefined);
});

t.test('routing by path suffix serves a groq-style /openai/v1 base path', async (t) => {
  const { fake, client } = await connect(t, { basePath: '/openai/v1' });
  const completion = await client.chat.completions.create({
    model: 'llama-3.3-70b-versatile',
    messages: [],
  });
  t.equal(completion.choices[0]?.message.content, 'Hello from the fake.');
  t.equal(fake.lastRequest()?.path, '/openai/v1/chat/completions');
});

t.test('the default embeddings answer decodes through the SDK', async (t) => {
  const { client } = await connect(t);
  const result = await client.embeddings.create({
    model: 'text-embedding-3-small',
    input: ['a', 'b'],
  });
  t.equal(result.data.length, 2);
  t.same(result.data[1]?.embedding, [0.25, -0.5, 0.75]);
});

t.test('a defaultScenario option answers every request the queue does not', async (t) => {
  const { client } = await connect(t, {
    defaultScenario: { kind: 'json', body: chatCompletion('always') },
  });
  const completion = await client.chat.completions.create({ model: 'm', messages: [] });
  t.equal(completion.choices[0]?.message.content, 'always');
});
