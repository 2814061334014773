import t from 'tap';
import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import { chatCompletion } from '@manifold/provider-kit/fakes/openai-builders';
import {
  chatEvents,
  chatRequest,
  fakeUpstream,
  kinds,
  lastBody,
  runtimeOptions,
} from './runtime-helpers.js';

const compat: OpenAICompatibleOptions = {
  baseURL: 'http://unused.invalid/v1',
  noStreamModels: ['o1', 'o3'],
};

t.test(
  'noStreamModels calls matching models without streaming and still streams events',
  async (t) => {
    const fake = await fakeUpstream(t);
    fake.reply({ kind: 'json', body: chatCompletion('Whole answer') });
    const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

    const events = await chatEvents(runtime, chatRequest({ model: 'o3-mini', stream: true }));

    const body = lastBody(fake);
    t.equal(body.stream, false);
    t.notOk('stream_options' in body);
    t.same(kinds(events)[0], ['text', 'Whole answer']);
    t.equal(events.at(-1)?.event, 'speed');
  },
);

t.test('other models keep streaming', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake));

  await chatEvents(runtime, chatRequest({ model: 'gpt-4o' }));

  t.equal(lastBody(fake).stream, true);
  t.same(lastBody(fake).stream_options, { include_usage: true });
});
