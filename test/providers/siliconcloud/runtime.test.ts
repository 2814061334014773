import t from 'tap';
import { definition } from '@manifold/provider-siliconcloud';
import { FORBIDDEN_MESSAGE } from '../../../providers/siliconcloud/options.js';
import { modelList } from '@manifold/provider-kit/fakes/openai-builders';
import { openaiError } from '@manifold/provider-kit/fakes/openai-errors';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  rejection,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

const siliconcloud = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'siliconcloud' }),
  );

t.test('max_tokens is held 1–16384', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = siliconcloud(fake);

  await chatEvents(runtime, chatRequest({ model: 'deepseek-ai/DeepSeek-V3', max_tokens: 64_000 }));
  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.equal(lastBody(fake).max_tokens, 16_384);

  await chatEvents(runtime, chatRequest({ model: 'deepseek-ai/DeepSeek-V3', max_tokens: 2000 }));
  t.equal(lastBody(fake).max_tokens, 2000);
});

t.test('qwen3 thinks only when the thinking type is enabled', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = siliconcloud(fake);

  await chatEvents(
    runtime,
    chatRequest({ model: 'Qwen/Qwen3-32B', thinking: { type: 'enabled', budget_tokens: 2048 } }),
  );
  t.equal(lastBody(fake).enable_thinking, true);
  t.equal(lastBody(fake).thinking_budget, 2048);

  await chatEvents(
    runtime,
    chatRequest({ model: 'Qwen/Qwen3-32B', thinking: { type: 'disabled' } }),
  );
  t.equal(lastBody(fake).enable_thinking, false);
  t.notOk('thinking_budget' in lastBody(fake));

  await chatEvents(runtime, chatRequest({ model: 'Qwen/Qwen3-32B' }));
  t.notOk('enable_thinking' in lastBody(fake));

  // not a hybrid model: no switch at all
  await chatEvents(
    runtime,
    chatRequest({ model: 'deepseek-ai/DeepSeek-V3', thinking: { type: 'enabled' } }),
  );
  t.notOk('enable_thinking' in lastBody(fake));
  t.notOk('thinking' in lastBody(fake));
});

t.test('the thinking budget is held 1–32768 and 0 becomes 1', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = siliconcloud(fake);
  const thinkingWith = (budget_tokens: number) =>
    chatRequest({ model: 'zai-org/GLM-4.5', thinking: { type: 'enabled', budget_tokens } });

  await chatEvents(runtime, thinkingWith(0));
  t.equal(lastBody(fake).thinking_budget, 1);
  await chatEvents(runtime, thinkingWith(100_000));
  t.equal(lastBody(fake).thinking_budget, 32_768);
});

t.test('an upstream 401 is InvalidProviderAPIKey', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply(openaiError(401, null, 'Invalid token'));

  const error = await rejection(
    siliconcloud(fake).chat(chatRequest({ model: 'Qwen/Qwen3-32B' }), callContext()),
  );

  t.equal(error.errorType, 'InvalidProviderAPIKey');
  t.equal(error.body.provider, 'siliconcloud');
});

t.test('an upstream 403 is ProviderBizError with the balance / real-name hint', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply(openaiError(403, null, 'Forbidden'));

  const error = await rejection(
    siliconcloud(fake).chat(chatRequest({ model: 'Qwen/Qwen3-32B' }), callContext()),
  );

  t.equal(error.errorType, 'ProviderBizError');
  t.equal(error.body.message, FORBIDDEN_MESSAGE);
  t.match(FORBIDDEN_MESSAGE, /余额/);
  t.match(FORBIDDEN_MESSAGE, /实名/);
});

t.test('the model list asks for chat models only and infers abilities', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: modelList([
      'deepseek-ai/DeepSeek-V3.1',
      'Qwen/Qwen2.5-VL-72B-Instruct',
      'Qwen/QwQ-32B',
      'BAAI/bge-m3-embedding',
    ]),
  });

  const cards = await siliconcloud(fake).models!(callContext());

  const request = fake.lastRequest();
  t.equal(request?.path, '/v1/models');
  t.equal(request?.query.get('sub_type'), 'chat');
  t.same(
    cards.map((card) => card.id),
    ['deepseek-ai/DeepSeek-V3.1', 'Qwen/Qwen2.5-VL-72B-Instruct', 'Qwen/QwQ-32B'],
  );
  const byId = new Map(cards.map((card) => [card.id, card]));
  t.equal(byId.get('deepseek-ai/DeepSeek-V3.1')?.displayName, 'DeepSeek V3.1');
  t.equal(byId.get('Qwen/Qwen2.5-VL-72B-Instruct')?.abilities.vision, true);
  t.equal(byId.get('Qwen/QwQ-32B')?.abilities.reasoning, true);
});

void t.test('the conformance kit', conformance);
