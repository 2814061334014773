import t from 'tap';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import { definition } from '../../../providers/vercelaigateway/index.js';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

const vercel = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'vercelaigateway' }),
  );

t.test('the default base URL is https://ai-gateway.vercel.sh/v1', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://ai-gateway.vercel.sh/v1');
  t.equal(definition.manifest.settings.disableBrowserRequest, true);
});

t.test('reasoning effort is sent as providerOptions.openai.reasoningEffort', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = vercel(fake);

  await chatEvents(runtime, chatRequest({ model: 'openai/gpt-5', reasoning_effort: 'high' }));

  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.same(lastBody(fake).providerOptions, { openai: { reasoningEffort: 'high' } });
  t.notOk('reasoning_effort' in lastBody(fake), 'not as a top-level field');
});

t.test('text verbosity is sent as providerOptions.openai.textVerbosity', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = vercel(fake);
  const request = {
    ...chatRequest({ model: 'openai/gpt-5', reasoning_effort: 'low' }),
    verbosity: 'low',
  } as ChatRequest;

  await chatEvents(runtime, request);

  t.same(lastBody(fake).providerOptions, {
    openai: { reasoningEffort: 'low', textVerbosity: 'low' },
  });
  t.notOk('verbosity' in lastBody(fake));
});

t.test('without reasoning effort or verbosity no providerOptions are sent', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = vercel(fake);

  await chatEvents(runtime, chatRequest({ model: 'anthropic/claude-sonnet-4' }));

  t.notOk('providerOptions' in lastBody(fake));
});

t.test('the model list is read from /models and enriched by the built-in cards', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: {
      object: 'list',
      data: [
        { id: 'openai/gpt-5', object: 'model' },
        { id: 'openai/text-embedding-3-small', object: 'model' },
        { id: 'anthropic/claude-3.5-haiku', object: 'model' },
      ],
    },
  });
  const runtime = vercel(fake);

  const models = await runtime.models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(
    models.map((model) => model.id),
    ['openai/gpt-5', 'anthropic/claude-3.5-haiku'],
  );
  t.equal(models[0]?.pricing?.input, 1.25);
});

void t.test('the conformance kit', conformance);
