import t from 'tap';
import { definition } from '@manifold/provider-taichu';
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

/** Taichu's base path is /maas/v1; the fake routes by suffix. */
const taichu = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/maas/v1` }, { providerId: 'taichu' }),
  );

t.test('the default base URL is the Taichu MaaS API', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://ai-maas.wair.ac.cn/maas/v1');
});

t.test('temperature is halved, with a minimum of 0.01', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = taichu(fake);

  await chatEvents(runtime, chatRequest({ model: 'taichu_llm', temperature: 1.2 }));
  t.equal(fake.lastRequest()?.path, '/maas/v1/chat/completions');
  t.equal(lastBody(fake).temperature, 0.6);

  await chatEvents(runtime, chatRequest({ model: 'taichu_llm', temperature: 0 }));
  t.equal(lastBody(fake).temperature, 0.01);
});

t.test('top_p is halved and held in 0.1–9.9', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = taichu(fake);

  await chatEvents(runtime, chatRequest({ model: 'taichu_llm', top_p: 0.8 }));
  t.equal(lastBody(fake).top_p, 0.4);
  await chatEvents(runtime, chatRequest({ model: 'taichu_llm', top_p: 0.1 }));
  t.equal(lastBody(fake).top_p, 0.1, '0.05 is held at 0.1');
});

t.test('the model list comes from /maas/v1/models', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: modelList(['taichu_llm', 'taichu_new', 'taichu_embedding']) });

  const cards = await taichu(fake).models!(callContext());

  t.equal(fake.lastRequest()?.path, '/maas/v1/models');
  t.same(
    cards.map((card) => card.id),
    ['taichu_llm', 'taichu_new'],
  );
  t.equal(cards[0]?.displayName, 'Taichu 2.0', 'built-in card preferred');
});

void t.test('the conformance kit', conformance);
