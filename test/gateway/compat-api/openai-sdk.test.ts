/**
 * The official `openai` package as a client of `/v1/chat/completions`, through the gateway to the
 * fake upstreams of four wire families: a streamed reply, a non-streamed one, a tool call round
 * trip, the upstream's 429 and Manifold's own refusals, each as the SDK parses them.
 */
import t from 'tap';
import OpenAI, { APIError } from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { toolCallChunks } from '@manifold/provider-kit/fakes/openai-builders';
import {
  API_KEY,
  REASONING,
  TEXT,
  WEATHER_ARGS,
  WEATHER_SCHEMA,
  startCompatGateway,
} from './helpers.js';

const gateway = await startCompatGateway(t);
const client = new OpenAI({ apiKey: API_KEY, baseURL: `${gateway.url}/v1`, maxRetries: 0 });

const question: ChatCompletionMessageParam[] = [
  { role: 'system', content: 'You are terse.' },
  { role: 'user', content: 'Weather in Paris?' },
];
const weatherTool = {
  type: 'function' as const,
  function: { name: 'get_weather', description: 'Current weather', parameters: WEATHER_SCHEMA },
};

/** The reasoning of a delta or message (DeepSeek's field, which the SDK types leave out). */
const reasoningOf = (value: unknown): string | undefined =>
  (value as { reasoning_content?: string } | undefined)?.reasoning_content;

for (const family of gateway.families) {
  t.test(
    `a streamed reply from ${family.name} reaches the SDK with reasoning and usage`,
    async (t) => {
      family.replyText(true);
      const stream = await client.chat.completions.create({
        model: family.model,
        messages: question,
        stream: true,
        stream_options: { include_usage: true },
        max_completion_tokens: 300,
      });
      let text = '';
      let reasoning = '';
      const finishReasons: string[] = [];
      let usage: OpenAI.CompletionUsage | undefined;
      let roles = 0;
      for await (const chunk of stream) {
        t.equal(chunk.object, 'chat.completion.chunk');
        t.equal(chunk.model, family.model);
        const choice = chunk.choices[0];
        if (choice?.delta.role) roles++;
        text += choice?.delta.content ?? '';
        reasoning += reasoningOf(choice?.delta) ?? '';
        if (choice?.finish_reason) finishReasons.push(choice.finish_reason);
        if (chunk.usage) {
          t.same(chunk.choices, [], 'the usage comes in a chunk of its own');
          usage = chunk.usage;
        }
      }
      t.equal(text, TEXT.join(''));
      t.equal(reasoning, REASONING.join(''));
      t.equal(roles, 1, 'the role rides on the first delta only');
      t.same(finishReasons, ['stop']);
      t.match(usage, {
        prompt_tokens: family.usage.prompt,
        completion_tokens: family.usage.completion,
        total_tokens: family.usage.prompt + family.usage.completion,
        prompt_tokens_details: { cached_tokens: family.usage.cached },
        completion_tokens_details: { reasoning_tokens: family.usage.reasoning },
      });
      t.match(family.sent(), {
        system: 'You are terse.',
        turns: [{ role: 'user', text: 'Weather in Paris?' }],
        maxTokens: 300,
        stream: true,
      });
    },
  );

  t.test(`a non-streamed reply from ${family.name} is one chat.completion`, async (t) => {
    family.replyText(false);
    const { data: completion, response } = await client.chat.completions
      .create({ model: family.model, messages: question })
      .withResponse();
    t.equal(response.headers.get('x-manifold-route'), family.model);
    t.equal(completion.object, 'chat.completion');
    const choice = completion.choices[0]!;
    t.equal(choice.message.role, 'assistant');
    t.equal(choice.message.content, TEXT.join(''));
    t.equal(reasoningOf(choice.message), REASONING.join(''));
    t.equal(choice.finish_reason, 'stop');
    t.match(completion.usage, {
      prompt_tokens: family.usage.prompt,
      completion_tokens: family.usage.completion,
      prompt_tokens_details: { cached_tokens: family.usage.cached },
      completion_tokens_details: { reasoning_tokens: family.usage.reasoning },
    });
    t.match(family.sent(), { system: 'You are terse.', stream: false });
  });

  t.test(`a tool call round trip through ${family.name}`, async (t) => {
    const { callId } = family.replyToolCall(true);
    const runner = client.chat.completions.stream({
      model: family.model,
      messages: question,
      tools: [weatherTool],
    });
    const first = await runner.finalChatCompletion();
    const message = first.choices[0]!.message;
    t.equal(first.choices[0]!.finish_reason, 'tool_calls');
    t.equal(message.tool_calls?.length, 1);
    const call = message.tool_calls![0]!;
    if (call.type !== 'function') throw new Error('not a function call');
    t.equal(call.function.name, 'get_weather');
    t.same(JSON.parse(call.function.arguments), WEATHER_ARGS);
    if (callId) t.equal(call.id, callId, "the upstream's call id");
    else t.match(call.id, /\S/, 'a call id the gateway made');
    t.match(family.sent(), { tools: ['get_weather'] });

    family.replyText(false);
    const second = await client.chat.completions.create({
      model: family.model,
      messages: [
        ...question,
        { role: 'assistant', content: message.content, tool_calls: message.tool_calls },
        { role: 'tool', tool_call_id: call.id, content: '{"temperature":21}' },
      ],
      tools: [weatherTool],
    });
    t.equal(second.choices[0]!.message.content, TEXT.join(''));
    const sent = family.sent();
    t.match(sent.turns, [
      { role: 'user', text: 'Weather in Paris?' },
      { role: 'assistant', calls: [{ name: 'get_weather', args: WEATHER_ARGS }] },
      { role: 'tool', result: {} },
    ]);
    const result = sent.turns[2]!.result!;
    t.match(result.content, /temperature\W{1,6}21/, 'the tool result reached the upstream');
    if (result.id !== undefined) t.equal(result.id, call.id, 'answering the call by its id');
    else t.equal(result.name, 'get_weather', 'answering the call by its name');
    if (sent.turns[1]!.calls![0]!.id !== undefined) t.equal(sent.turns[1]!.calls![0]!.id, call.id);
  });

  t.test(`a 429 from ${family.name} is the SDK's APIError with the catalogue type`, async (t) => {
    family.replyRateLimited();
    const error = await client.chat.completions
      .create({ model: family.model, messages: question, stream: true })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    t.ok(error instanceof APIError, 'an APIError');
    const apiError = error as APIError;
    t.equal(apiError.status, family.rateLimited.status);
    t.equal(apiError.code, family.rateLimited.errorType);
    t.equal(apiError.type, family.rateLimited.status === 429 ? 'rate_limit_error' : 'api_error');
    t.ok(apiError.message.length > 0);
  });
}

/** Chat requests the OpenAI upstream received so far. */
const upstreamChats = () =>
  gateway.openai.requests.filter((request) => request.path.endsWith('/chat/completions')).length;

t.test('a wrong API key is the SDK AuthenticationError, and nothing goes upstream', async (t) => {
  const before = upstreamChats();
  const stranger = new OpenAI({ apiKey: 'mk-wrong', baseURL: `${gateway.url}/v1`, maxRetries: 0 });
  const error = await stranger.chat.completions
    .create({ model: 'openai/gpt-4o-mini', messages: question })
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  t.ok(error instanceof OpenAI.AuthenticationError);
  t.equal((error as APIError).status, 401);
  t.equal((error as APIError).code, 'InvalidUserKey');
  t.equal((error as APIError).type, 'authentication_error');
  t.equal(upstreamChats(), before);
});

t.test('an upstream that fails mid-stream ends the SDK stream with an APIError', async (t) => {
  gateway.openai.reply({ kind: 'fixture', name: 'dropped' });
  const stream = await client.chat.completions.create({
    model: 'openai/gpt-4o-mini',
    messages: question,
    stream: true,
  });
  let text = '';
  const error = await (async () => {
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
  })().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  t.ok(error instanceof APIError, 'the in-stream error is thrown');
  t.equal((error as APIError).code, 'ProviderBizError');
  t.equal(text, 'Once upon a time', 'the text before the failure arrived');
});

t.test('an unknown provider is a 404 NotFoundError, an unsupported field a 400', async (t) => {
  const missing = await client.chat.completions
    .create({ model: 'nope/some-model', messages: question })
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  t.ok(missing instanceof OpenAI.NotFoundError);
  t.equal((missing as APIError).type, 'not_found_error');
  const refused = await client.chat.completions
    .create({ model: 'openai/gpt-4o-mini', messages: question, n: 2 })
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  t.ok(refused instanceof OpenAI.BadRequestError);
  t.equal((refused as APIError).code, 'BadRequest');
  t.equal((refused as APIError).param, 'n');
});

t.test(
  'parallel tool calls in interleaved fragments reach the SDK as two whole calls',
  async (t) => {
    gateway.openai.reply({
      kind: 'chunks',
      chunks: toolCallChunks(
        [
          { id: 'call_a', name: 'get_weather', arguments: ['{"city":', '"Paris"}'] },
          { id: 'call_b', name: 'get_time', arguments: ['{"zone":', '"CET"}'] },
        ],
        { interleave: true },
      ),
    });
    const final = await client.chat.completions
      .stream({ model: 'openai/gpt-4o-mini', messages: question, tools: [weatherTool] })
      .finalChatCompletion();
    t.same(
      final.choices[0]!.message.tool_calls?.map((call) =>
        call.type === 'function' ? [call.id, call.function.name, call.function.arguments] : [],
      ),
      [
        ['call_a', 'get_weather', '{"city":"Paris"}'],
        ['call_b', 'get_time', '{"zone":"CET"}'],
      ],
    );
  },
);
