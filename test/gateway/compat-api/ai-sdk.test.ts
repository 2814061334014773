/**
 * The Vercel AI SDK (`ai` with `@ai-sdk/openai-compatible`) as a client of `/v1/chat/completions`,
 * through the gateway to the fake upstreams of four wire families: `streamText`, `generateText`, a
 * tool the SDK itself runs between two steps, the upstream's 429 and a wrong key, each as the SDK
 * parses them.
 */
import t from 'tap';
import { APICallError, generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import {
  API_KEY,
  REASONING,
  TEXT,
  WEATHER_ARGS,
  WEATHER_SCHEMA,
  startCompatGateway,
} from './helpers.js';

const gateway = await startCompatGateway(t);
const manifold = createOpenAICompatible({
  name: 'manifold',
  baseURL: `${gateway.url}/v1`,
  apiKey: API_KEY,
  includeUsage: true,
});

const question = { system: 'You are terse.', prompt: 'Weather in Paris?', maxRetries: 0 };

for (const family of gateway.families) {
  t.test(`streamText through ${family.name} gets text, reasoning and usage`, async (t) => {
    family.replyText(true);
    const result = streamText({
      ...question,
      model: manifold.chatModel(family.model),
      maxOutputTokens: 300,
    });
    let streamed = '';
    for await (const delta of result.textStream) streamed += delta;
    t.equal(streamed, TEXT.join(''));
    t.equal(await result.reasoningText, REASONING.join(''));
    t.equal(await result.finishReason, 'stop');
    t.match(await result.usage, {
      inputTokens: family.usage.prompt,
      outputTokens: family.usage.completion,
      totalTokens: family.usage.prompt + family.usage.completion,
      inputTokenDetails: { cacheReadTokens: family.usage.cached },
      outputTokenDetails: { reasoningTokens: family.usage.reasoning },
    });
    t.match(family.sent(), {
      system: 'You are terse.',
      turns: [{ role: 'user', text: 'Weather in Paris?' }],
      maxTokens: 300,
      stream: true,
    });
  });

  t.test(`generateText through ${family.name} gets the whole answer`, async (t) => {
    family.replyText(false);
    const result = await generateText({ ...question, model: manifold.chatModel(family.model) });
    t.equal(result.text, TEXT.join(''));
    t.equal(result.reasoningText, REASONING.join(''));
    t.equal(result.finishReason, 'stop');
    t.equal(result.response.modelId, family.model);
    t.match(result.usage, {
      inputTokens: family.usage.prompt,
      outputTokens: family.usage.completion,
    });
    t.match(family.sent(), { system: 'You are terse.', stream: false });
  });

  t.test(`a tool the SDK runs between two steps, through ${family.name}`, async (t) => {
    family.replyToolCall(true);
    family.replyText(true);
    const calls: unknown[] = [];
    const result = streamText({
      ...question,
      model: manifold.chatModel(family.model),
      tools: {
        get_weather: tool({
          description: 'Current weather',
          inputSchema: jsonSchema<{ city: string }>(WEATHER_SCHEMA),
          execute: async (input) => {
            calls.push(input);
            return { temperature: 21 };
          },
        }),
      },
      stopWhen: stepCountIs(2),
    });
    t.equal(await result.text, TEXT.join(''));
    t.same(calls, [WEATHER_ARGS], 'the SDK parsed the call and ran the tool once');
    const steps = await result.steps;
    t.equal(steps.length, 2);
    t.equal(steps[0]!.finishReason, 'tool-calls');
    const call = steps[0]!.toolCalls[0]!;
    t.equal(call.toolName, 'get_weather');
    const sent = family.sent();
    t.match(sent, { tools: ['get_weather'], stream: true });
    t.match(sent.turns, [
      { role: 'user', text: 'Weather in Paris?' },
      { role: 'assistant', calls: [{ name: 'get_weather', args: WEATHER_ARGS }] },
      { role: 'tool', result: {} },
    ]);
    const answer = sent.turns[2]!.result!;
    t.match(answer.content, /temperature\W{1,6}21/, "the tool's result reached the upstream");
    if (answer.id !== undefined)
      t.equal(answer.id, call.toolCallId, 'answering the call by its id');
    else t.equal(answer.name, 'get_weather', 'answering the call by its name');
  });

  t.test(`a 429 from ${family.name} is an APICallError with the gateway's status`, async (t) => {
    family.replyRateLimited();
    const error = await generateText({ ...question, model: manifold.chatModel(family.model) }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    t.ok(APICallError.isInstance(error), 'an APICallError');
    const callError = error as APICallError;
    t.equal(callError.statusCode, family.rateLimited.status);
    t.match(JSON.parse(callError.responseBody ?? '{}'), {
      error: { code: family.rateLimited.errorType },
    });
  });
}

t.test('a wrong key is an APICallError 401 with the message of the gateway', async (t) => {
  const stranger = createOpenAICompatible({
    name: 'stranger',
    baseURL: `${gateway.url}/v1`,
    apiKey: 'mk-wrong',
  });
  const error = await generateText({
    ...question,
    model: stranger.chatModel('openai/gpt-4o-mini'),
  }).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  t.ok(APICallError.isInstance(error));
  t.equal((error as APICallError).statusCode, 401);
  t.match((error as APICallError).message, /API key is not valid/);
});

t.test('an upstream that fails mid-stream is an error part of the SDK stream', async (t) => {
  gateway.openai.reply({ kind: 'fixture', name: 'dropped' });
  const errors: unknown[] = [];
  const result = streamText({
    ...question,
    model: manifold.chatModel('openai/gpt-4o-mini'),
    onError: ({ error }) => void errors.push(error),
  });
  let streamed = '';
  for await (const delta of result.textStream) streamed += delta;
  t.equal(streamed, 'Once upon a time', 'the text before the failure arrived');
  t.equal(await result.finishReason, 'error');
  t.match(errors, [{ code: 'ProviderBizError' }], "the in-stream error chunk's error");
});
