import t from 'tap';
import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import {
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from './runtime-helpers.js';

const base = { baseURL: 'http://unused.invalid/v1' };

t.test('enable_thinking style sends the switch and a budget held in range', async (t) => {
  const fake = await fakeUpstream(t);
  const compat: OpenAICompatibleOptions = {
    ...base,
    thinking: {
      style: 'enable_thinking',
      models: /hybrid/,
      budget: { min: 1, max: 4096, default: 1024 },
    },
  };
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  await chatEvents(
    runtime,
    chatRequest({ model: 'hybrid-1', thinking: { type: 'enabled', budget_tokens: 0 } }),
  );
  t.match(lastBody(fake), { enable_thinking: true, thinking_budget: 1 }, 'a budget of 0 becomes 1');

  await chatEvents(
    runtime,
    chatRequest({ model: 'hybrid-1', thinking: { type: 'enabled', budget_tokens: 99_999 } }),
  );
  t.equal(lastBody(fake).thinking_budget, 4096);

  await chatEvents(runtime, chatRequest({ model: 'hybrid-1', thinking: { type: 'enabled' } }));
  t.equal(lastBody(fake).thinking_budget, 1024, 'no budget takes the default');

  await chatEvents(runtime, chatRequest({ model: 'hybrid-1', thinking: { type: 'disabled' } }));
  t.equal(lastBody(fake).enable_thinking, false);
  t.notOk('thinking_budget' in lastBody(fake));

  await chatEvents(runtime, chatRequest({ model: 'other-1', thinking: { type: 'enabled' } }));
  t.notOk('enable_thinking' in lastBody(fake), 'a model the rule does not name gets no field');

  await chatEvents(runtime, chatRequest({ model: 'hybrid-1' }));
  t.notOk('enable_thinking' in lastBody(fake), 'a request without thinking gets no field');
  t.notOk('thinking' in lastBody(fake), 'the gateway-only field is never sent');
});

t.test('enable_thinking without a budget rule sends only the switch', async (t) => {
  const fake = await fakeUpstream(t);
  const compat: OpenAICompatibleOptions = { ...base, thinking: { style: 'enable_thinking' } };
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  await chatEvents(
    runtime,
    chatRequest({ model: 'any', thinking: { type: 'enabled', budget_tokens: 2048 } }),
  );
  t.equal(lastBody(fake).enable_thinking, true);
  t.notOk('thinking_budget' in lastBody(fake));
});

t.test(
  'an empty budget rule passes the requested budget through, and none without one',
  async (t) => {
    const fake = await fakeUpstream(t);
    const compat: OpenAICompatibleOptions = {
      ...base,
      thinking: { style: 'enable_thinking', budget: {} },
    };
    const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

    await chatEvents(
      runtime,
      chatRequest({ model: 'any', thinking: { type: 'enabled', budget_tokens: 0 } }),
    );
    t.equal(lastBody(fake).thinking_budget, 0);

    await chatEvents(runtime, chatRequest({ model: 'any', thinking: { type: 'enabled' } }));
    t.notOk('thinking_budget' in lastBody(fake));
  },
);

t.test('type style sends thinking: {type} without the budget', async (t) => {
  const fake = await fakeUpstream(t);
  const compat: OpenAICompatibleOptions = { ...base, thinking: { style: 'type', models: 'glm' } };
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  await chatEvents(
    runtime,
    chatRequest({ model: 'GLM-4.6', thinking: { type: 'enabled', budget_tokens: 512 } }),
  );
  t.same(lastBody(fake).thinking, { type: 'enabled' });

  await chatEvents(runtime, chatRequest({ model: 'glm-4.6', thinking: { type: 'disabled' } }));
  t.same(lastBody(fake).thinking, { type: 'disabled' });

  await chatEvents(runtime, chatRequest({ model: 'gpt-4o', thinking: { type: 'enabled' } }));
  t.notOk('thinking' in lastBody(fake));
});

t.test('chat_template_kwargs style sends the switch through the chat template', async (t) => {
  const fake = await fakeUpstream(t);
  const compat: OpenAICompatibleOptions = {
    ...base,
    thinking: { style: 'chat_template_kwargs', models: (model) => model.startsWith('ds') },
  };
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  await chatEvents(runtime, chatRequest({ model: 'ds-v3', thinking: { type: 'enabled' } }));
  t.same(lastBody(fake).chat_template_kwargs, { thinking: true });

  await chatEvents(runtime, chatRequest({ model: 'ds-v3', thinking: { type: 'disabled' } }));
  t.same(lastBody(fake).chat_template_kwargs, { thinking: false });

  await chatEvents(runtime, chatRequest({ model: 'llama', thinking: { type: 'enabled' } }));
  t.notOk('chat_template_kwargs' in lastBody(fake));
});
