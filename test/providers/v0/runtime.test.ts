import t from 'tap';
import { definition } from '../../../providers/v0/index.js';
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

const v0 = (fake: FakeOpenAI) =>
  definition.createRuntime(runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'v0' }));

t.test('a chat goes to /v1/chat/completions with the model id, streamed', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(v0(fake), chatRequest({ model: 'v0-1.5-md', temperature: 0.7 }));

  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.match(lastBody(fake), { model: 'v0-1.5-md', stream: true, temperature: 0.7 });
});

t.test('the remote model list is read from /v1/models, built-in cards enrich it', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: modelList(['v0-1.5-md', 'v0-1.5-sm']) });

  const cards = await v0(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(cards.map((card) => card.id).sort(), ['v0-1.5-md', 'v0-1.5-sm'].sort());
  const builtin = definition.manifest.models.find((card) => card.id === 'v0-1.5-md');
  t.same(cards.find((card) => card.id === 'v0-1.5-md')?.abilities, builtin?.abilities);
});

t.test('the default base URL is https://api.v0.dev/v1', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.v0.dev/v1');
});

void t.test('the conformance kit', conformance);
