import t from 'tap';
import { definition } from '@manifold/provider-volcengine';
import type { ModelCard } from '@manifold/core/contract/model-card';
import {
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

const volcengine = (fake: FakeOpenAI, models?: readonly ModelCard[]) =>
  definition.createRuntime(
    runtimeOptions(
      { baseURL: `${fake.url}/api/v3` },
      { providerId: 'volcengine', ...(models && { models }) },
    ),
  );

t.test('thinking enabled/disabled is sent only for thinking-vision-pro models', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = volcengine(fake);

  await chatEvents(
    runtime,
    chatRequest({ model: 'doubao-1-5-thinking-vision-pro', thinking: { type: 'disabled' } }),
  );
  t.equal(fake.lastRequest()?.path, '/api/v3/chat/completions');
  t.same(lastBody(fake).thinking, { type: 'disabled' });

  await chatEvents(
    runtime,
    chatRequest({
      model: 'doubao-1-5-thinking-vision-pro',
      thinking: { type: 'enabled', budget_tokens: 2048 },
    }),
  );
  t.same(lastBody(fake).thinking, { type: 'enabled' });

  await chatEvents(
    runtime,
    chatRequest({ model: 'doubao-1-5-pro-32k', thinking: { type: 'enabled' } }),
  );
  t.notOk('thinking' in lastBody(fake));
});

t.test('a card with a deployment name sends it as the model', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = volcengine(fake, definition.manifest.models);

  await chatEvents(runtime, chatRequest({ model: 'doubao-seed-1-6' }));
  t.equal(lastBody(fake).model, 'doubao-seed-1-6-250615');

  await chatEvents(
    runtime,
    chatRequest({ model: 'doubao-1-5-thinking-vision-pro', thinking: { type: 'enabled' } }),
  );
  t.equal(lastBody(fake).model, 'doubao-1-5-thinking-vision-pro-250428');
  t.same(lastBody(fake).thinking, { type: 'enabled' });

  // a model without a card goes as it is
  await chatEvents(runtime, chatRequest({ model: 'ep-20250101-abcde' }));
  t.equal(lastBody(fake).model, 'ep-20250101-abcde');
});

t.test('Ark has no remote model list', async (t) => {
  const fake = await fakeUpstream(t);
  t.equal(volcengine(fake).models, undefined);
});

void t.test('the conformance kit', conformance);
