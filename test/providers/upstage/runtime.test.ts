import t from 'tap';
import { definition } from '../../../providers/upstage/index.js';
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

const upstage = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1/solar` }, { providerId: 'upstage' }),
  );

t.test('a chat goes to /v1/solar/chat/completions with the model id, streamed', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(upstage(fake), chatRequest({ model: 'solar-pro2', temperature: 0.7 }));

  t.equal(fake.lastRequest()?.path, '/v1/solar/chat/completions');
  t.match(lastBody(fake), { model: 'solar-pro2', stream: true, temperature: 0.7 });
});

t.test(
  'the remote model list is read from /v1/solar/models, built-in cards enrich it',
  async (t) => {
    const fake = await fakeUpstream(t);
    fake.reply({ kind: 'json', body: modelList(['solar-pro2', 'solar-pro']) });

    const cards = await upstage(fake).models!(callContext());

    t.equal(fake.lastRequest()?.path, '/v1/solar/models');
    t.same(cards.map((card) => card.id).sort(), ['solar-pro2', 'solar-pro'].sort());
    const builtin = definition.manifest.models.find((card) => card.id === 'solar-pro2');
    t.same(cards.find((card) => card.id === 'solar-pro2')?.abilities, builtin?.abilities);
  },
);

t.test('the default base URL is https://api.upstage.ai/v1/solar', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.upstage.ai/v1/solar');
});

void t.test('the conformance kit', conformance);
