/**
 * The official `@anthropic-ai/sdk` as a client of `/v1/messages`, through the gateway to the fake
 * upstreams of four wire families: a streamed reply with thinking, a non-streamed one, a tool call
 * round trip, the upstream's 429 and Manifold's own refusals, each as the SDK parses them.
 */
import t from 'tap';
import Anthropic, { APIError } from '@anthropic-ai/sdk';
import { toolCallChunks } from '@manifold/provider-kit/fakes/openai-builders';
import {
  API_KEY,
  REASONING,
  TEXT,
  WEATHER_ARGS,
  WEATHER_SCHEMA,
  startCompatGateway,
  type ExpectedUsage,
} from './helpers.js';

const gateway = await startCompatGateway(t);
const client = new Anthropic({ apiKey: API_KEY, baseURL: gateway.url, maxRetries: 0 });

const question = { system: 'You are terse.', max_tokens: 300 } as const;
const ask: Anthropic.MessageParam = { role: 'user', content: 'Weather in Paris?' };
const weatherTool: Anthropic.Tool = {
  name: 'get_weather',
  description: 'Current weather',
  input_schema: WEATHER_SCHEMA as Anthropic.Tool.InputSchema,
};

/** The usage as Anthropic counts it: input without the cached part, which is counted apart. */
const anthropicUsage = (usage: ExpectedUsage) => ({
  input_tokens: usage.prompt - usage.cached,
  output_tokens: usage.completion,
  ...(usage.cached > 0 && { cache_read_input_tokens: usage.cached }),
});

/** Anthropic's error type of an APIError (`{type: "error", error: {type, message}}`). */
const errorType = (error: APIError) =>
  (error.error as { error?: { type?: string } } | undefined)?.error?.type;

for (const family of gateway.families) {
  t.test(`a streamed reply from ${family.name} reaches the SDK as thinking and text`, async (t) => {
    family.replyText(true);
    const stream = client.messages.stream({
      ...question,
      model: family.model,
      messages: [ask],
      thinking: { type: 'enabled', budget_tokens: 1024 },
    });
    let text = '';
    let thinking = '';
    stream.on('text', (delta) => (text += delta));
    stream.on('thinking', (delta) => (thinking += delta));
    const message = await stream.finalMessage();
    t.equal(text, TEXT.join(''));
    t.equal(thinking, REASONING.join(''));
    t.equal(message.model, family.model);
    t.match(message.content, [
      { type: 'thinking', thinking: REASONING.join('') },
      { type: 'text', text: TEXT.join('') },
    ]);
    if (family.model.startsWith('anthropic/'))
      t.equal(
        (message.content[0] as Anthropic.ThinkingBlock).signature,
        'sig-think-1',
        "Claude's signature arrives for the next turn",
      );
    t.equal(message.stop_reason, 'end_turn');
    t.match(message.usage, anthropicUsage(family.usage));
    t.match(family.sent(), {
      system: 'You are terse.',
      turns: [{ role: 'user', text: 'Weather in Paris?' }],
      maxTokens: 300,
      stream: true,
    });
  });

  t.test(`a non-streamed reply from ${family.name} is one message`, async (t) => {
    family.replyText(false);
    const { data: message, response } = await client.messages
      .create({ ...question, model: family.model, messages: [ask] })
      .withResponse();
    t.equal(response.headers.get('x-manifold-route'), family.model);
    t.equal(message.type, 'message');
    t.equal(message.role, 'assistant');
    t.match(message.content, [
      { type: 'thinking', thinking: REASONING.join('') },
      { type: 'text', text: TEXT.join('') },
    ]);
    t.equal(message.stop_reason, 'end_turn');
    t.match(message.usage, anthropicUsage(family.usage));
    t.match(family.sent(), { system: 'You are terse.', maxTokens: 300, stream: false });
  });

  t.test(`a tool call round trip through ${family.name}`, async (t) => {
    const { callId } = family.replyToolCall(true);
    const first = await client.messages
      .stream({ ...question, model: family.model, messages: [ask], tools: [weatherTool] })
      .finalMessage();
    t.equal(first.stop_reason, 'tool_use');
    const calls = first.content.filter(
      (block): block is Anthropic.ToolUseBlock => block.type === 'tool_use',
    );
    t.equal(calls.length, 1);
    const call = calls[0]!;
    t.equal(call.name, 'get_weather');
    t.same(call.input, WEATHER_ARGS, 'the streamed input_json_delta parsed');
    if (callId) t.equal(call.id, callId, "the upstream's call id");
    t.match(family.sent(), { tools: ['get_weather'] });

    family.replyText(false);
    const second = await client.messages.create({
      ...question,
      model: family.model,
      tools: [weatherTool],
      messages: [
        ask,
        { role: 'assistant', content: first.content },
        {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: call.id, content: '{"temperature":21}' }],
        },
      ],
    });
    t.match(second.content.at(-1), { type: 'text', text: TEXT.join('') });
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
  });

  t.test(`a 429 from ${family.name} is the SDK's APIError in Anthropic's shape`, async (t) => {
    family.replyRateLimited();
    const error = await client.messages
      .create({ ...question, model: family.model, messages: [ask], stream: true })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    t.ok(error instanceof APIError, 'an APIError');
    t.equal((error as APIError).status, family.rateLimited.status);
    t.equal(
      errorType(error as APIError),
      family.rateLimited.status === 429 ? 'rate_limit_error' : 'api_error',
    );
    if (family.rateLimited.status === 429) t.ok(error instanceof Anthropic.RateLimitError);
  });
}

t.test('a wrong x-api-key is the SDK AuthenticationError; a Bearer token works too', async (t) => {
  const stranger = new Anthropic({ apiKey: 'mk-wrong', baseURL: gateway.url, maxRetries: 0 });
  const error = await stranger.messages
    .create({ ...question, model: 'openai/gpt-4o-mini', messages: [ask] })
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  t.ok(error instanceof Anthropic.AuthenticationError);
  t.equal(errorType(error as APIError), 'authentication_error');

  const bearer = new Anthropic({ authToken: API_KEY, baseURL: gateway.url, maxRetries: 0 });
  gateway.families[0]!.replyText(false);
  const message = await bearer.messages.create({
    ...question,
    model: 'openai/gpt-4o-mini',
    messages: [ask],
  });
  t.match(message.content.at(-1), { type: 'text', text: TEXT.join('') });
});

t.test('an upstream that fails mid-stream ends the SDK stream with an error event', async (t) => {
  gateway.openai.reply({ kind: 'fixture', name: 'dropped' });
  let text = '';
  const stream = client.messages.stream({
    ...question,
    model: 'openai/gpt-4o-mini',
    messages: [ask],
  });
  stream.on('text', (delta) => (text += delta));
  const error = await stream.finalMessage().then(
    () => undefined,
    (caught: unknown) => caught,
  );
  t.ok(error instanceof APIError, 'the in-stream error is thrown');
  t.equal(errorType(error as APIError), 'api_error');
  t.match((error as APIError).message, /ended|unexpected|before/i);
  t.equal(text, 'Once upon a time', 'the text before the failure arrived');
});

t.test('a field Manifold cannot keep is a BadRequestError naming it', async (t) => {
  const error = await client.messages
    .create({
      ...question,
      model: 'openai/gpt-4o-mini',
      messages: [ask],
      stop_sequences: ['END'],
    })
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  t.ok(error instanceof Anthropic.BadRequestError);
  t.equal(errorType(error as APIError), 'invalid_request_error');
  t.match((error as APIError).message, /stop_sequences/);
});

t.test('parallel tool calls in interleaved fragments are two tool_use blocks', async (t) => {
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
  const message = await client.messages
    .stream({ ...question, model: 'openai/gpt-4o-mini', messages: [ask], tools: [weatherTool] })
    .finalMessage();
  t.equal(message.stop_reason, 'tool_use');
  t.same(message.content, [
    { type: 'tool_use', id: 'call_a', name: 'get_weather', input: { city: 'Paris' } },
    { type: 'tool_use', id: 'call_b', name: 'get_time', input: { zone: 'CET' } },
  ]);
});
