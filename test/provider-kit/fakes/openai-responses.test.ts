import t from 'tap';
import {
  responsesCompleted,
  responsesErrorEvent,
  responsesEvents,
  responsesFailedEvents,
  responsesTextEvents,
  responsesUsage,
} from '@manifold/provider-kit/fakes/openai-responses-builders';
import { collect, connect } from './openai-harness.js';

t.test('streamed Responses events reach the SDK exactly as sent, numbered in order', async (t) => {
  const { fake, client } = await connect(t);
  const events = responsesTextEvents(['Hel', 'lo'], {
    usage: responsesUsage(20, 5, { cachedTokens: 8 }),
  });
  fake.reply({ kind: 'responses', events });
  const stream = await client.responses.create({ model: 'gpt-4o-mini', input: 'Hi', stream: true });
  const { items, error } = await collect(stream);
  t.equal(error, undefined);
  t.same(items, events);
  t.same(
    items.map((event) => event.sequence_number),
    items.map((_, index) => index),
  );
  t.same(
    items.map((event) => event.type),
    [
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.content_part.added',
      'response.output_text.delta',
      'response.output_text.delta',
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ],
  );
  const completed = items.at(-1);
  t.same(completed?.type === 'response.completed' ? completed.response.usage : undefined, {
    input_tokens: 20,
    input_tokens_details: { cached_tokens: 8 },
    output_tokens: 5,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 25,
  });
  t.same(fake.lastRequest()?.body, { model: 'gpt-4o-mini', input: 'Hi', stream: true });
  t.equal(fake.lastRequest()?.path, '/v1/responses');
});

t.test('the raw Responses stream names each event and sends no [DONE]', async (t) => {
  const { fake } = await connect(t);
  fake.reply({ kind: 'responses', events: [{ type: 'response.created', response: {} }] });
  const response = await fetch(`${fake.baseURL}/responses`, { method: 'POST', body: '{}' });
  t.equal(
    await response.text(),
    'event: response.created\ndata: {"type":"response.created","response":{},"sequence_number":0}\n\n',
  );
});

t.test(
  'reasoning summaries, web search, annotations and function calls stream as their own events',
  async (t) => {
    const { fake, client } = await connect(t);
    const events = responsesEvents({
      reasoning: [['Think', 'ing'], ['More']],
      webSearch: { query: 'weather paris' },
      text: ['Sunny.'],
      annotations: [{ url: 'https://example.com', title: 'Example', start_index: 0, end_index: 6 }],
      toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: ['{"city":', '"Paris"}'] }],
    });
    fake.reply({ kind: 'responses', events });
    const { items } = await collect(
      await client.responses.create({ model: 'o4-mini', input: 'x', stream: true }),
    );
    const types = items.map((event) => event.type);
    t.equal(types.filter((type) => type === 'response.reasoning_summary_part.added').length, 2);
    t.equal(types.filter((type) => type === 'response.reasoning_summary_text.delta').length, 3);
    t.same(
      types.filter((type) => type.startsWith('response.web_search_call.')),
      [
        'response.web_search_call.in_progress',
        'response.web_search_call.searching',
        'response.web_search_call.completed',
      ],
    );
    const annotation = items.find(
      (event) => event.type === 'response.output_text.annotation.added',
    );
    t.match(annotation, {
      annotation: { type: 'url_citation', url: 'https://example.com' },
      annotation_index: 0,
    });
    const deltas = items.flatMap((event) =>
      event.type === 'response.function_call_arguments.delta' ? [event.delta] : [],
    );
    t.same(deltas, ['{"city":', '"Paris"}']);
    const done = items.find((event) => event.type === 'response.function_call_arguments.done');
    t.match(done, { name: 'get_weather', arguments: '{"city":"Paris"}' });
    const completed = items.at(-1);
    t.match(completed, { type: 'response.completed', response: { status: 'completed' } });
    t.same(
      completed?.type === 'response.completed'
        ? completed.response.output.map((item) => item.type)
        : [],
      ['reasoning', 'web_search_call', 'message', 'function_call'],
    );
  },
);

t.test(
  'a failed response and an error event arrive as events, not as SDK exceptions',
  async (t) => {
    const { fake, client } = await connect(t);
    fake.reply({
      kind: 'responses',
      events: responsesFailedEvents('server_error', 'The model failed.'),
    });
    const failed = await collect(
      await client.responses.create({ model: 'm', input: 'x', stream: true }),
    );
    t.equal(failed.error, undefined);
    t.match(failed.items.at(-1), {
      type: 'response.failed',
      response: { status: 'failed', error: { code: 'server_error', message: 'The model failed.' } },
    });

    fake.reply({
      kind: 'responses',
      events: [responsesErrorEvent('rate_limit_exceeded', 'Slow down.')],
    });
    const errored = await collect(
      await client.responses.create({ model: 'm', input: 'x', stream: true }),
    );
    t.same(errored.items, [
      {
        type: 'error',
        code: 'rate_limit_exceeded',
        message: 'Slow down.',
        param: null,
        sequence_number: 0,
      },
    ]);
  },
);

t.test(
  'without a queued scenario a Responses request streams a short text for its model',
  async (t) => {
    const { client } = await connect(t);
    const { items } = await collect(
      await client.responses.create({ model: 'gpt-4.1', input: 'Hi', stream: true }),
    );
    const text = items.flatMap((event) =>
      event.type === 'response.output_text.delta' ? [event.delta] : [],
    );
    t.equal(text.join(''), 'Hello from the fake.');
    t.match(items[0], {
      type: 'response.created',
      response: { model: 'gpt-4.1', status: 'in_progress' },
    });
  },
);

t.test('a non-streaming Responses request gets the completed response object', async (t) => {
  const { fake, client } = await connect(t);
  fake.reply({ kind: 'json', body: responsesCompleted({ text: ['Done', '.'], model: 'gpt-4o' }) });
  const response = await client.responses.create({ model: 'gpt-4o', input: 'Hi' });
  t.equal(response.object, 'response');
  t.equal(response.status, 'completed');
  t.equal(response.output_text, 'Done.');
  t.equal(response.usage?.total_tokens, 20);
});

t.test('a Responses stream can drop its connection partway', async (t) => {
  const { fake, client } = await connect(t);
  const events = responsesTextEvents(['a', 'b', 'c']);
  fake.reply({ kind: 'responses', events, dropAfter: 5 });
  const { items, error } = await collect(
    await client.responses.create({ model: 'm', input: 'x', stream: true }),
  );
  t.same(items, events.slice(0, 5));
  t.ok(error instanceof Error);
});
