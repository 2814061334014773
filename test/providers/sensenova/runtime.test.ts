import t from 'tap';
import { definition } from '@manifold/provider-sensenova';
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

/** SenseNova's base path is /compatible-mode/v1; the fake routes by suffix. */
const sensenova = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/compatible-mode/v1` }, { providerId: 'sensenova' }),
  );

const model = 'SenseNova-V6-5-Pro';

t.test('the default base URL is the SenseNova compatible mode', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.sensenova.cn/compatible-mode/v1');
});

t.test('frequency_penalty is kept only in (0, 2]', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = sensenova(fake);

  await chatEvents(runtime, chatRequest({ model, frequency_penalty: 0 }));
  t.equal(fake.lastRequest()?.path, '/compatible-mode/v1/chat/completions');
  t.notOk('frequency_penalty' in lastBody(fake), '0 dropped');
  await chatEvents(runtime, chatRequest({ model, frequency_penalty: -1 }));
  t.notOk('frequency_penalty' in lastBody(fake), 'negative dropped');
  await chatEvents(runtime, chatRequest({ model, frequency_penalty: 2 }));
  t.equal(lastBody(fake).frequency_penalty, 2);
});

t.test('temperature is kept only in (0, 2]', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = sensenova(fake);

  await chatEvents(runtime, chatRequest({ model, temperature: 0 }));
  t.notOk('temperature' in lastBody(fake));
  await chatEvents(runtime, chatRequest({ model, temperature: 2 }));
  t.equal(lastBody(fake).temperature, 2);
});

t.test('top_p is kept only in (0, 1)', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = sensenova(fake);

  await chatEvents(runtime, chatRequest({ model, top_p: 1 }));
  t.notOk('top_p' in lastBody(fake), '1 dropped');
  await chatEvents(runtime, chatRequest({ model, top_p: 0 }));
  t.notOk('top_p' in lastBody(fake), '0 dropped');
  await chatEvents(runtime, chatRequest({ model, top_p: 0.7 }));
  t.equal(lastBody(fake).top_p, 0.7);
});

t.test('max_tokens is sent as max_new_tokens', async (t) => {
  const fake = await fakeUpstream(t);
  await chatEvents(sensenova(fake), chatRequest({ model, max_tokens: 2048 }));
  t.equal(lastBody(fake).max_new_tokens, 2048);
  t.notOk('max_tokens' in lastBody(fake));
});

t.test('the model list comes from /v1/llm/models, not the compatible base path', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: modelList(['SenseNova-V6-5-Pro', 'SenseChat-5-Cantonese', 'nova-embedding-stable']),
  });

  const cards = await sensenova(fake).models!(callContext());

  const request = fake.lastRequest();
  t.equal(request?.path, '/v1/llm/models');
  t.equal(request?.headers.authorization, 'Bearer sk-test-0123456789abcdefghijklmnop');
  t.same(
    cards.map((card) => card.id),
    ['SenseNova-V6-5-Pro', 'SenseChat-5-Cantonese'],
  );
  t.equal(cards[0]?.displayName, 'SenseNova V6.5 Pro', 'built-in card preferred');
  t.equal(cards[1]?.source, 'remote');
});

void t.test('the conformance kit', conformance);
