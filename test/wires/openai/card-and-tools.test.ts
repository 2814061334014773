import t from 'tap';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import {
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from './runtime-helpers.js';

const weatherTool = {
  type: 'function' as const,
  function: { name: 'weather____today', parameters: { type: 'object', properties: {} } },
};
const card = (id: string, maxOutput?: number): ModelCard => ({
  id,
  type: 'chat',
  enabled: true,
  abilities: {},
  ...(maxOutput !== undefined && { maxOutput }),
  source: 'builtin',
});
const base = { baseURL: 'http://unused.invalid/v1' };

t.test('parallelToolCalls sends parallel_tool_calls only when tools are offered', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(
    { ...base, parallelToolCalls: true },
    runtimeOptions(fake),
  );

  await chatEvents(runtime, chatRequest({ tools: [weatherTool] }));
  t.equal(lastBody(fake).parallel_tool_calls, true);

  await chatEvents(runtime, chatRequest());
  t.notOk('parallel_tool_calls' in lastBody(fake), 'no tools, no flag');
});

t.test('without parallelToolCalls no flag is sent', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  await chatEvents(runtime, chatRequest({ tools: [weatherTool] }));
  t.notOk('parallel_tool_calls' in lastBody(fake));
});

t.test('maxTokensFromCard sends the card maxOutput when the request has none', async (t) => {
  const fake = await fakeUpstream(t);
  const compat: OpenAICompatibleOptions = {
    ...base,
    maxTokensFromCard: true,
    clamps: [{ op: 'range', param: 'max_tokens', max: 30_000 }],
  };
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake), [
    card('big', 40_000),
    card('small', 2048),
    card('uncapped'),
  ]);

  await chatEvents(runtime, chatRequest({ model: 'small' }));
  t.equal(lastBody(fake).max_tokens, 2048, 'built-in card');

  await chatEvents(runtime, chatRequest({ model: 'small', max_tokens: 100 }));
  t.equal(lastBody(fake).max_tokens, 100, 'the request wins');

  await chatEvents(runtime, chatRequest({ model: 'big' }));
  t.equal(lastBody(fake).max_tokens, 30_000, 'the clamps bound the card value');

  await chatEvents(runtime, chatRequest({ model: 'uncapped' }));
  t.notOk('max_tokens' in lastBody(fake), 'a card without maxOutput, no default');

  await chatEvents(runtime, chatRequest({ model: 'unknown' }));
  t.notOk('max_tokens' in lastBody(fake), 'no card, no default');
});

t.test('maxTokensFromCard prefers the effective list of the runtime options', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(
    { ...base, maxTokensFromCard: true },
    runtimeOptions(fake, { models: [card('small', 512)] }),
    [card('small', 2048)],
  );

  await chatEvents(runtime, chatRequest({ model: 'small' }));
  t.equal(lastBody(fake).max_tokens, 512);
});

t.test('without maxTokensFromCard no max_tokens is added', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake), [card('small', 2048)]);

  await chatEvents(runtime, chatRequest({ model: 'small' }));
  t.notOk('max_tokens' in lastBody(fake));
});
