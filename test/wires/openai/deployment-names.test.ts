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

const card = (id: string, deploymentName?: string): ModelCard => ({
  id,
  type: 'chat',
  enabled: true,
  abilities: {},
  ...(deploymentName && { config: { deploymentName } }),
  source: 'builtin',
});

const compat: OpenAICompatibleOptions = {
  baseURL: 'http://unused.invalid/v1',
  deploymentNames: true,
  // clamps still match the model id, not the deployment name
  clamps: [{ op: 'drop', param: 'temperature', models: 'seed' }],
};

t.test('deploymentNames sends the card deployment name as the model', async (t) => {
  const fake = await fakeUpstream(t);
  const models = [card('seed', 'seed-250615'), card('plain')];
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake, { models }));

  await chatEvents(runtime, chatRequest({ model: 'seed', temperature: 1 }));
  t.equal(lastBody(fake).model, 'seed-250615');
  t.notOk('temperature' in lastBody(fake), 'the clamps saw the model id');

  await chatEvents(runtime, chatRequest({ model: 'plain' }));
  t.equal(lastBody(fake).model, 'plain', 'a card without a deployment name keeps the id');

  await chatEvents(runtime, chatRequest({ model: 'ep-123' }));
  t.equal(lastBody(fake).model, 'ep-123', 'a model without a card goes as it is');
});

t.test('without an effective list the built-in cards name the deployment', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(compat, runtimeOptions(fake), [
    card('seed', 'seed-builtin'),
  ]);

  await chatEvents(runtime, chatRequest({ model: 'seed' }));
  t.equal(lastBody(fake).model, 'seed-builtin');
});

t.test('without the option the model id is sent', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(
    { baseURL: compat.baseURL },
    runtimeOptions(fake, { models: [card('seed', 'seed-250615')] }),
  );

  await chatEvents(runtime, chatRequest({ model: 'seed' }));
  t.equal(lastBody(fake).model, 'seed');
});
