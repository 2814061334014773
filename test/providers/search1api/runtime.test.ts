import t from 'tap';
import { definition } from '@manifold/provider-search1api';
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

const search1api = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'search1api' }),
  );

const model = 'deepseek-r1-70b-online';

t.test('the default base URL is api.search1api.com/v1', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.search1api.com/v1');
});

t.test('a temperature of 2 is not sent, lower ones are', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = search1api(fake);

  await chatEvents(runtime, chatRequest({ model, temperature: 2 }));
  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.notOk('temperature' in lastBody(fake));

  await chatEvents(runtime, chatRequest({ model, temperature: 0.7 }));
  t.equal(lastBody(fake).temperature, 0.7);
});

t.test(
  'only one penalty is sent: presence when non-zero, else frequency (default 1)',
  async (t) => {
    const fake = await fakeUpstream(t);
    const runtime = search1api(fake);
    const penalties = () => {
      const body = lastBody(fake);
      return { presence: body.presence_penalty, frequency: body.frequency_penalty };
    };

    await chatEvents(
      runtime,
      chatRequest({ model, presence_penalty: -0.4, frequency_penalty: 0.3 }),
    );
    t.same(penalties(), { presence: -0.4, frequency: undefined });

    await chatEvents(runtime, chatRequest({ model, presence_penalty: 0, frequency_penalty: 0.6 }));
    t.same(penalties(), { presence: undefined, frequency: 0.6 });

    await chatEvents(runtime, chatRequest({ model }));
    t.same(penalties(), { presence: undefined, frequency: 1 });
  },
);

t.test('the model list comes from /models with ids filtered', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: modelList(['deepseek-r1-online', 'deepseek-r1-70b-online', 'text-embedding-3-small']),
  });
  const cards = await search1api(fake).models!(callContext());
  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(
    cards.map((card) => card.id),
    ['deepseek-r1-online', 'deepseek-r1-70b-online'],
  );
  t.equal(cards[0]!.abilities.search, true, 'built-in card preferred');
});

void t.test('the conformance kit', conformance);
