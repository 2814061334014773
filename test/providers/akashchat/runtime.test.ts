import t from 'tap';
import { definition } from '../../../providers/akashchat/index.js';
import {
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

/** Akash's base path is /api/v1; the fake routes by suffix, so the runtime uses the same shape. */
const akash = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/api/v1` }, { providerId: 'akashchat' }),
  );

t.test('the default base URL is https://chatapi.akash.network/api/v1', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://chatapi.akash.network/api/v1');
});

t.test('DeepSeek-V3-1 gets chat_template_kwargs.thinking from the request thinking', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = akash(fake);

  await chatEvents(
    runtime,
    chatRequest({ model: 'DeepSeek-V3-1', thinking: { type: 'enabled', budget_tokens: 2048 } }),
  );
  t.equal(fake.lastRequest()?.path, '/api/v1/chat/completions');
  t.same(lastBody(fake).chat_template_kwargs, { thinking: true });
  t.notOk('thinking' in lastBody(fake), 'the gateway field itself is not sent');

  await chatEvents(
    runtime,
    chatRequest({ model: 'DeepSeek-V3-1', thinking: { type: 'disabled' } }),
  );
  t.same(lastBody(fake).chat_template_kwargs, { thinking: false });

  await chatEvents(runtime, chatRequest({ model: 'DeepSeek-V3-1' }));
  t.notOk('chat_template_kwargs' in lastBody(fake), 'no thinking setting, template default');
});

t.test('other models get no chat_template_kwargs', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = akash(fake);

  await chatEvents(
    runtime,
    chatRequest({ model: 'Meta-Llama-3-3-70B-Instruct', thinking: { type: 'enabled' } }),
  );
  t.notOk('chat_template_kwargs' in lastBody(fake));
});

void t.test('the conformance kit', conformance);
