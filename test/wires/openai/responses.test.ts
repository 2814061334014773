import t from 'tap';
import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import {
  responsesCompleted,
  responsesErrorEvent,
  responsesEvents,
  responsesFailedEvents,
  responsesNestedErrorEvent,
  responsesUsage,
} from '@manifold/provider-kit/fakes/openai-responses-builders';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  kinds,
  lastBody,
  runtimeOptions,
  user,
} from './runtime-helpers.js';

const base: OpenAICompatibleOptions = { baseURL: 'http://unused.invalid/v1' };

t.test('apiMode responses sends the Responses API body', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  await chatEvents(
    runtime,
    chatRequest({
      apiMode: 'responses',
      model: 'o4-mini',
      reasoning_effort: 'high',
      max_tokens: 500,
      temperature: 0.3,
      tools: [
        {
          type: 'function',
          function: { name: 'lookup', description: 'Find', parameters: { type: 'object' } },
        },
      ],
      messages: [
        { role: 'system', content: 'Be brief.' },
        user('Look', { imageList: [{ url: 'https://example.com/a.png' }] }),
        {
          role: 'assistant',
          content: 'Calling',
          tools: [
            {
              id: 'call_1',
              identifier: 'lookup',
              apiName: 'run',
              type: 'default',
              arguments: '{}',
            },
          ],
        },
        { role: 'tool', content: 'found', tool_call_id: 'call_1' },
      ],
    }),
    callContext({ userId: 'user-7' }),
  );

  t.equal(fake.lastRequest()?.path, '/v1/responses');
  t.same(lastBody(fake), {
    model: 'o4-mini',
    input: [
      {
        role: 'user',
        content: [
          { type: 'input_text', text: 'Look' },
          { type: 'input_image', image_url: 'https://example.com/a.png', detail: 'auto' },
        ],
      },
      { role: 'assistant', content: 'Calling' },
      { type: 'function_call', call_id: 'call_1', name: 'lookup____run', arguments: '{}' },
      { type: 'function_call_output', call_id: 'call_1', output: 'found' },
    ],
    stream: true,
    store: false,
    instructions: 'Be brief.',
    tools: [
      {
        type: 'function',
        name: 'lookup',
        description: 'Find',
        parameters: { type: 'object' },
        strict: false,
      },
    ],
    max_output_tokens: 500,
    temperature: 0.3,
    reasoning: { effort: 'high', summary: 'auto' },
    user: 'user-7',
  });
});

t.test(
  'responses.when routes a request to the Responses API and its payload hook applies',
  async (t) => {
    const fake = await fakeUpstream(t);
    const runtime = createOpenAICompatibleRuntime(
      {
        ...base,
        clamps: [{ op: 'drop', param: 'temperature' }],
        responses: {
          when: (request) => request.enabledSearch === true,
          payload: (body) => ({ ...body, tools: [...(body.tools ?? []), { type: 'web_search' }] }),
        },
      },
      runtimeOptions(fake),
    );

    await chatEvents(runtime, chatRequest({ temperature: 1 }));
    t.equal(fake.lastRequest()?.path, '/v1/chat/completions');

    await chatEvents(runtime, chatRequest({ enabledSearch: true, temperature: 1 }));
    t.equal(fake.lastRequest()?.path, '/v1/responses');
    t.same(lastBody(fake).tools, [{ type: 'web_search' }]);
    t.notOk('temperature' in lastBody(fake), 'clamps apply to the Responses body too');
  },
);

t.test(
  'Responses events become reasoning, text, tool call, grounding and tail events',
  async (t) => {
    const fake = await fakeUpstream(t);
    fake.reply({
      kind: 'responses',
      events: responsesEvents({
        id: 'resp_1',
        reasoning: [['Think', 'ing'], ['More']],
        webSearch: { query: 'node lts' },
        text: ['Node', ' 22.'],
        annotations: [
          { url: 'https://nodejs.org', title: 'Node.js', start_index: 0, end_index: 5 },
        ],
        toolCalls: [{ id: 'call_9', name: 'lookup', arguments: ['{"a"', ':1}'] }],
        usage: responsesUsage(30, 20, { cachedTokens: 10, reasoningTokens: 5 }),
      }),
    });
    const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

    const events = await chatEvents(runtime, chatRequest({ apiMode: 'responses' }));

    const call = (args: string) => [
      { index: 0, id: 'call_9', type: 'function', function: { name: 'lookup', arguments: args } },
    ];
    t.same(kinds(events.slice(0, -1)), [
      ['reasoning', 'Think'],
      ['reasoning', 'ing'],
      ['reasoning', '\n\nMore'],
      ['text', 'Node'],
      ['text', ' 22.'],
      ['tool_calls', call('')],
      ['tool_calls', call('{"a"')],
      ['tool_calls', call(':1}')],
      [
        'grounding',
        {
          citations: [{ title: 'Node.js', url: 'https://nodejs.org' }],
          searchQueries: ['node lts'],
        },
      ],
      ['stop', 'completed'],
      [
        'usage',
        {
          totalInputTokens: 30,
          totalOutputTokens: 20,
          totalTokens: 50,
          inputCachedTokens: 10,
          inputCacheMissTokens: 20,
          inputTextTokens: 30,
          outputReasoningTokens: 5,
          outputTextTokens: 15,
        },
      ],
    ]);
    t.equal(events.at(-1)?.event, 'speed');
    t.ok(events.slice(0, -1).every((event) => event.id === 'resp_1'));
  },
);

t.test(
  'reasoning summary parts are paragraphs apart: the same text streamed and whole',
  async (t) => {
    const fake = await fakeUpstream(t);
    const reasoning = [
      ['**Planning the answer**\n\nThe user', ' asks for the LTS line.'],
      [],
      ['**Checking', ' the schedule**\n\nNode 22 is active.'],
      ['Done.'],
    ];
    const expected =
      '**Planning the answer**\n\nThe user asks for the LTS line.\n\n' +
      '**Checking the schedule**\n\nNode 22 is active.\n\nDone.';
    const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));
    const reasoningOf = (events: Awaited<ReturnType<typeof chatEvents>>) =>
      events.filter((event) => event.event === 'reasoning').map((event) => event.data as string);

    fake.reply({ kind: 'responses', events: responsesEvents({ reasoning, text: ['Node 22.'] }) });
    const streamed = reasoningOf(await chatEvents(runtime, chatRequest({ apiMode: 'responses' })));
    t.equal(streamed.join(''), expected, 'streamed');
    t.notOk(
      streamed.some((text) => text.trim() === ''),
      'no reasoning event is only a separator',
    );

    fake.reply({ kind: 'json', body: responsesCompleted({ reasoning, text: ['Node 22.'] }) });
    const whole = reasoningOf(
      await chatEvents(runtime, chatRequest({ apiMode: 'responses', stream: false })),
    );
    t.equal(whole.join(''), expected, 'whole');

    // two reasoning items, one after the other: their summaries are apart too
    const first = responsesEvents({ reasoning: [['First.']], text: ['x'] });
    const second = responsesEvents({ reasoning: [['Second.']] })
      .filter((event) => String(event.type).includes('reasoning') || isReasoningItem(event))
      .map((event) => JSON.parse(JSON.stringify(event).replaceAll('rs_fake', 'rs_fake_2')));
    const after = first.findIndex(
      (event) => event.type === 'response.output_item.done' && isReasoningItem(event),
    );
    fake.reply({
      kind: 'responses',
      events: [...first.slice(0, after + 1), ...second, ...first.slice(after + 1)].map(
        ({ sequence_number: _drop, ...event }) => event,
      ),
    });
    const items = reasoningOf(await chatEvents(runtime, chatRequest({ apiMode: 'responses' })));
    t.equal(items.join(''), 'First.\n\nSecond.', 'two items, streamed');
    const completed = responsesCompleted({ reasoning: [['First.']], text: ['x'] });
    const output = completed.output as Array<Record<string, unknown>>;
    const body = {
      ...completed,
      output: [
        output[0],
        {
          id: 'rs_fake_2',
          type: 'reasoning',
          summary: [{ type: 'summary_text', text: 'Second.' }],
        },
        ...output.slice(1),
      ],
    };
    fake.reply({ kind: 'json', body });
    const wholeItems = reasoningOf(
      await chatEvents(runtime, chatRequest({ apiMode: 'responses', stream: false })),
    );
    t.equal(wholeItems.join(''), 'First.\n\nSecond.', 'two items, whole');
  },
);

function isReasoningItem(event: Record<string, unknown>): boolean {
  const item = event.item as { type?: string } | undefined;
  return item?.type === 'reasoning';
}

t.test('the recorded web-search stream gives text, one grounding and the tail', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'fixture', name: 'responses-web-search' });
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  const events = await chatEvents(
    runtime,
    chatRequest({ apiMode: 'responses', enabledSearch: true }),
  );

  t.same(
    events.map((event) => event.event),
    ['text', 'text', 'text', 'grounding', 'stop', 'usage', 'speed'],
  );
  t.same(events[3]?.data, {
    citations: [
      {
        title: 'Node.js Releases',
        url: 'https://nodejs.org/en/about/previous-releases?utm_source=openai',
      },
    ],
    searchQueries: ['node.js current lts version'],
  });
});

t.test('response.failed mid-stream becomes a mapped error event', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'responses',
    events: responsesFailedEvents('server_error', 'The model crashed'),
  });
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest({ apiMode: 'responses' }));

  t.equal(events.length, 1);
  t.match(events[0], {
    id: 'first_chunk_error',
    event: 'error',
    data: { type: 'ProviderBizError', message: 'The model crashed' },
  });
});

t.test('an error event in a Responses stream is mapped by its code', async (t) => {
  const fake = await fakeUpstream(t);
  const [created] = responsesEvents({ text: ['x'] });
  fake.reply({
    kind: 'responses',
    events: [created as object, responsesErrorEvent('context_length_exceeded', 'Too long')],
  });
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest({ apiMode: 'responses' }));

  t.match(events.at(-1), {
    event: 'error',
    data: { type: 'ExceededContextWindow', message: 'Too long' },
  });
});

t.test(
  'in-stream Responses failures follow the SPEC §8 code mapping and carry the provider message',
  async (t) => {
    const fake = await fakeUpstream(t);
    const [created, inProgress] = responsesEvents({ id: 'resp_err', text: ['x'] });
    const failedWith = (code: string, message: string) =>
      responsesFailedEvents(code, message, { id: 'resp_err' }).at(-1) as object;
    const quota = 'You exceeded your current quota, please check your plan and billing details.';
    const tooLong =
      'Your input exceeds the context window of this model. Please adjust your input and try again.';
    const cases: Array<[string, object, string, string]> = [
      [
        'an error event as the API nests it',
        responsesNestedErrorEvent('insufficient_quota', 'insufficient_quota', quota),
        'InsufficientQuota',
        quota,
      ],
      [
        'a nested context_length_exceeded',
        responsesNestedErrorEvent(
          'invalid_request_error',
          'context_length_exceeded',
          tooLong,
          'input',
        ),
        'ExceededContextWindow',
        tooLong,
      ],
      [
        'a nested model_not_found',
        responsesNestedErrorEvent(
          'invalid_request_error',
          'model_not_found',
          'The model `gpt-9` does not exist or you do not have access to it.',
          'model',
        ),
        'ModelNotFound',
        'The model `gpt-9` does not exist or you do not have access to it.',
      ],
      [
        'a nested rate limit, which SPEC §8 leaves to the provider rules',
        responsesNestedErrorEvent(
          'rate_limit_exceeded',
          'rate_limit_exceeded',
          'Rate limit reached for gpt-4.1 on tokens per min (TPM). Please try again in 1.5s.',
        ),
        'ProviderBizError',
        'Rate limit reached for gpt-4.1 on tokens per min (TPM). Please try again in 1.5s.',
      ],
      [
        'a flat (documented) error event',
        responsesErrorEvent('insufficient_quota', quota),
        'InsufficientQuota',
        quota,
      ],
      [
        'response.failed with response.error',
        failedWith('context_length_exceeded', tooLong),
        'ExceededContextWindow',
        tooLong,
      ],
      [
        'a nested error without a message, which names its code',
        responsesNestedErrorEvent('server_error', 'server_error', ''),
        'ProviderBizError',
        'server_error',
      ],
    ];
    const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));
    for (const [name, failure, type, message] of cases) {
      fake.reply({ kind: 'responses', events: [created as object, inProgress as object, failure] });
      const events = await chatEvents(runtime, chatRequest({ apiMode: 'responses' }));
      t.equal(events.length, 1, `${name}: one event`);
      t.match(events[0], { event: 'error', data: { type, message } }, name);
      t.equal(
        events[0]?.data && (events[0].data as { body: { message: string } }).body.message,
        message,
        `${name}: body message`,
      );
    }

    // a provider rule for the code applies to in-stream failures as to HTTP errors
    const mapped = createOpenAICompatibleRuntime(
      { ...base, errors: { code: { rate_limit_exceeded: 'QuotaLimitReached' } } },
      runtimeOptions(fake),
    );
    for (const failure of [
      responsesNestedErrorEvent('rate_limit_exceeded', 'rate_limit_exceeded', 'Slow down'),
      failedWith('rate_limit_exceeded', 'Slow down'),
    ]) {
      fake.reply({ kind: 'responses', events: [created as object, failure] });
      const events = await chatEvents(mapped, chatRequest({ apiMode: 'responses' }));
      t.match(events.at(-1), {
        event: 'error',
        data: { type: 'QuotaLimitReached', message: 'Slow down' },
      });
    }
  },
);

t.test('a non-streaming Responses answer is replayed as events', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: responsesCompleted({
      reasoning: [['Because']],
      text: ['Yes', '.'],
      toolCalls: [{ name: 'lookup', arguments: '{}' }],
    }),
  });
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest({ apiMode: 'responses', stream: false }));

  t.equal(lastBody(fake).stream, false);
  t.same(kinds(events).slice(0, 4), [
    ['reasoning', 'Because'],
    ['text', 'Yes.'],
    [
      'tool_calls',
      [
        {
          index: 0,
          id: 'call_fake_0',
          type: 'function',
          function: { name: 'lookup', arguments: '{}' },
        },
      ],
    ],
    ['stop', 'completed'],
  ]);
  t.same(
    events.slice(4).map((event) => event.event),
    ['usage', 'speed'],
  );
});

t.test('a Responses stream cut before response.completed ends with unexpected_end', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'responses', events: responsesEvents({ text: ['a', 'b'] }), dropAfter: 5 });
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  const events = await chatEvents(runtime, chatRequest({ apiMode: 'responses' }));

  t.match(events.at(-1), {
    event: 'error',
    data: { type: 'ProviderBizError', body: { reason: 'unexpected_end' } },
  });
});
