import t from 'tap';
import { definition } from '../../../providers/nvidia/index.js';
import { modelList } from '@manifold/provider-kit/fakes/openai-builders';
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

const nvidia = (fake: FakeOpenAI) =>
  definition.createRuntime(runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'nvidia' }));

t.test('a chat goes to /v1/chat/completions with the model id, streamed', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(
    nvidia(fake),
    chatRequest({ model: 'meta/llama-3.3-70b-instruct', temperature: 0.7 }),
  );

  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.match(lastBody(fake), { model: 'meta/llama-3.3-70b-instruct', stream: true, temperature: 0.7 });
});

t.test('the remote model list is read from /v1/models, built-in cards enrich it', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: modelList(['meta/llama-3.3-70b-instruct', 'mistralai/mistral-large-2-instruct']),
  });

  const cards = await nvidia(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(
    cards.map((card) => card.id).sort(),
    ['meta/llama-3.3-70b-instruct', 'mistralai/mistral-large-2-instruct'].sort(),
  );
  const builtin = definition.manifest.models.find(
    (card) => card.id === 'meta/llama-3.3-70b-instruct',
  );
  t.same(
    cards.find((card) => card.id === 'meta/llama-3.3-70b-instruct')?.abilities,
    builtin?.abilities,
  );
});

t.test('the default base URL is https://integrate.api.nvidia.com/v1', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://integrate.api.nvidia.com/v1');
});

void t.test('the conformance kit', conformance);
