import t from 'tap';
import { definition } from '@manifold/provider-ai302';
import { modelList } from '@manifold/provider-kit/fakes/openai-builders';
import { openaiError } from '@manifold/provider-kit/fakes/openai-errors';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  rejection,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

const ai302 = (fake: FakeOpenAI) =>
  definition.createRuntime(runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'ai302' }));

t.test('the default base URL is api.302.ai/v1', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.302.ai/v1');
});

t.test('routed model ids are sent as they are to /v1/chat/completions', async (t) => {
  const fake = await fakeUpstream(t);
  await chatEvents(
    ai302(fake),
    chatRequest({ model: 'claude-sonnet-4-20250514', temperature: 0.4 }),
  );
  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.equal(lastBody(fake).model, 'claude-sonnet-4-20250514');
  t.equal(lastBody(fake).temperature, 0.4);
});

t.test('an upstream 401 is InvalidProviderAPIKey', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply(openaiError(401, 'invalid_api_key', 'Invalid API key'));

  const error = await rejection(ai302(fake).chat(chatRequest({ model: 'gpt-4o' }), callContext()));

  t.equal(error.errorType, 'InvalidProviderAPIKey');
  t.equal(error.body.provider, 'ai302');
});

t.test('the model list comes from /v1/models, filtered, abilities by family', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: modelList([
      'gpt-4o',
      'claude-opus-4-1-20250805',
      'text-embedding-3-small',
      'gemini-2.5-flash',
    ]),
  });
  const cards = await ai302(fake).models!(callContext());
  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(
    cards.map((card) => card.id),
    ['gpt-4o', 'claude-opus-4-1-20250805', 'gemini-2.5-flash'],
  );
  t.equal(cards[0]!.displayName, 'GPT-4o', 'built-in card preferred');
  t.equal(cards[1]!.abilities.functionCall, true, 'claude family inferred');
  t.equal(cards[1]!.abilities.vision, true);
});

void t.test('the conformance kit', conformance);
