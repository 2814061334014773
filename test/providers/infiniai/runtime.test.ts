import t from 'tap';
import { definition } from '@manifold/provider-infiniai';
import { modelList } from '@manifold/provider-kit/fakes/openai-builders';
import { openaiError } from '@manifold/provider-kit/fakes/openai-errors';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  rejection,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

/** Infini-AI's base path is /maas/v1. */
const infiniai = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/maas/v1` }, { providerId: 'infiniai' }),
  );

const model = 'deepseek-v3.1';

t.test('the default base URL is cloud.infini-ai.com/maas/v1; prices are in CNY', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://cloud.infini-ai.com/maas/v1');
  t.equal(definition.manifest.models.find((card) => card.id === model)?.pricing?.currency, 'CNY');
});

t.test('chat requests go to /maas/v1/chat/completions', async (t) => {
  const fake = await fakeUpstream(t);
  const events = await chatEvents(infiniai(fake), chatRequest({ model }));
  t.equal(fake.lastRequest()?.path, '/maas/v1/chat/completions');
  t.ok(events.some((event) => event.event === 'text'));
});

t.test('an upstream 401 is InvalidProviderAPIKey', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply(openaiError(401, null, 'Invalid API key'));

  const error = await rejection(infiniai(fake).chat(chatRequest({ model }), callContext()));

  t.equal(error.errorType, 'InvalidProviderAPIKey');
  t.equal(error.body.provider, 'infiniai');
});

t.test('an upstream 429 is QuotaLimitReached', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply(openaiError(429, 'rate_limit_exceeded', 'Too many requests'));

  const error = await rejection(infiniai(fake).chat(chatRequest({ model }), callContext()));

  t.equal(error.errorType, 'QuotaLimitReached');
  t.equal(error.body.provider, 'infiniai');
});

t.test('the model list comes from /maas/v1/models with ids filtered', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'json', body: modelList(['deepseek-v3.1', 'qwen3-32b', 'bge-m3-embedding']) });
  const cards = await infiniai(fake).models!(callContext());
  t.equal(fake.lastRequest()?.path, '/maas/v1/models');
  t.same(
    cards.map((card) => card.id),
    ['deepseek-v3.1', 'qwen3-32b'],
  );
  t.equal(cards[0]!.displayName, 'DeepSeek V3.1', 'built-in card preferred');
  t.equal(cards[1]!.abilities.reasoning, true, 'qwen3 inferred as reasoning');
});

void t.test('the conformance kit', conformance);
