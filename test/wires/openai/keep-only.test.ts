import t from 'tap';
import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from './runtime-helpers.js';

const compat: OpenAICompatibleOptions = {
  baseURL: 'http://unused.invalid/v1',
  keepOnly: ['stream', 'temperature', 'extra'],
  // a hook's field survives only when it is named
  payload: (body) => ({ ...body, extra: 1, dropped: 2 }),
};

t.test('keepOnly sends only the named fields, model and messages always', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  await chatEvents(
    runtime,
    chatRequest({ model: 'm', temperature: 0.5, top_p: 0.9, frequency_penalty: 1 }),
    callContext({ userId: 'user-1' }),
  );

  t.same(lastBody(fake), {
    model: 'm',
    messages: [{ role: 'user', content: 'Hi' }],
    stream: true,
    temperature: 0.5,
    extra: 1,
  });
});

t.test('without keepOnly every field is sent', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(
    { ...compat, keepOnly: undefined },
    runtimeOptions(fake),
  );

  await chatEvents(runtime, chatRequest({ model: 'm', top_p: 0.9 }), callContext({ userId: 'u' }));

  t.match(lastBody(fake), { top_p: 0.9, user: 'u', dropped: 2, stream_options: {} });
});
