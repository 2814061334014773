import t from 'tap';
import { definition } from '@manifold/provider-mistral';
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

const mistral = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'mistral' }),
  );

const lookup = { type: 'function' as const, function: { name: 'lookup', parameters: {} } };

t.test('the default base URL is api.mistral.ai/v1', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.mistral.ai/v1');
});

t.test('temperature is halved: 1.4 reaches the upstream as 0.7', async (t) => {
  const fake = await fakeUpstream(t);
  await chatEvents(mistral(fake), chatRequest({ model: 'mistral-large-latest', temperature: 1.4 }));
  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.equal(lastBody(fake).temperature, 0.7);
});

t.test(
  'only model, messages, max_tokens, temperature, tools, top_p and stream are sent',
  async (t) => {
    const fake = await fakeUpstream(t);
    await chatEvents(
      mistral(fake),
      chatRequest({
        model: 'mistral-large-latest',
        temperature: 1,
        top_p: 0.9,
        frequency_penalty: 0.5,
        presence_penalty: 0.3,
        max_tokens: 100,
        reasoning_effort: 'high',
        tools: [lookup],
      }),
    );
    t.same(Object.keys(lastBody(fake)).sort(), [
      'max_tokens',
      'messages',
      'model',
      'stream',
      'temperature',
      'tools',
      'top_p',
    ]);
    t.same(lastBody(fake).tools, [lookup]);
    t.equal(lastBody(fake).top_p, 0.9);
  },
);

t.test('no stream_options and no user are sent, even with a caller id', async (t) => {
  const fake = await fakeUpstream(t);
  const events = await chatEvents(
    mistral(fake),
    chatRequest({ model: 'mistral-small-latest', user: 'someone' }),
    callContext({ userId: 'user-1' }),
  );
  t.equal(lastBody(fake).stream, true);
  t.notOk('stream_options' in lastBody(fake));
  t.notOk('user' in lastBody(fake));
  t.ok(events.some((event) => event.event === 'text'));
});

t.test(
  'the model list comes from /models: chat models only, capabilities as abilities',
  async (t) => {
    const fake = await fakeUpstream(t);
    const entry = (id: string, capabilities: Record<string, boolean>) => ({
      id,
      object: 'model',
      capabilities,
    });
    fake.reply({
      kind: 'json',
      body: {
        object: 'list',
        data: [
          entry('mistral-small-latest', { completion_chat: true, function_calling: true }),
          entry('mistral-embed', { completion_chat: false }),
          entry('pixtral-12b-2409', {
            completion_chat: true,
            function_calling: true,
            vision: true,
          }),
          entry('open-mistral-nemo', { completion_chat: true, function_calling: false }),
        ],
      },
    });
    const cards = await mistral(fake).models!(callContext());
    t.equal(fake.lastRequest()?.path, '/v1/models');
    t.same(
      cards.map((card) => card.id),
      ['mistral-small-latest', 'pixtral-12b-2409', 'open-mistral-nemo'],
    );
    t.equal(cards[0]!.displayName, 'Mistral Small', 'built-in card preferred');
    t.same(cards[1]!.abilities, { functionCall: true, vision: true });
    t.same(cards[2]!.abilities, {});
    t.ok(cards.every((card) => card.source === 'remote'));
  },
);

void t.test('the conformance kit', conformance);
