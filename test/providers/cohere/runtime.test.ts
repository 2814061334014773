import t from 'tap';
import { definition } from '@manifold/provider-cohere';
import { modelListURL } from '@manifold/provider-cohere/options';
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

const cohere = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/compatibility/v1` }, { providerId: 'cohere' }),
  );

const model = 'command-a-03-2025';

t.test('the default base URL is the compatibility API', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.cohere.ai/compatibility/v1');
});

t.test('penalties are kept only in (0, 1]', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = cohere(fake);

  await chatEvents(runtime, chatRequest({ model, frequency_penalty: 1, presence_penalty: 0.4 }));
  t.equal(fake.lastRequest()?.path, '/compatibility/v1/chat/completions');
  t.equal(lastBody(fake).frequency_penalty, 1);
  t.equal(lastBody(fake).presence_penalty, 0.4);

  await chatEvents(runtime, chatRequest({ model, frequency_penalty: 0, presence_penalty: 1.5 }));
  t.notOk('frequency_penalty' in lastBody(fake), '0 is outside (0, 1]');
  t.notOk('presence_penalty' in lastBody(fake), '1.5 is outside (0, 1]');

  await chatEvents(runtime, chatRequest({ model, frequency_penalty: -0.5 }));
  t.notOk('frequency_penalty' in lastBody(fake), 'negative penalties are left out');
});

t.test('top_p is kept only in (0, 1)', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = cohere(fake);

  await chatEvents(runtime, chatRequest({ model, top_p: 0.8 }));
  t.equal(lastBody(fake).top_p, 0.8);

  await chatEvents(runtime, chatRequest({ model, top_p: 1 }));
  t.notOk('top_p' in lastBody(fake), '1 is outside (0, 1)');

  await chatEvents(runtime, chatRequest({ model, top_p: 0 }));
  t.notOk('top_p' in lastBody(fake), '0 is outside (0, 1)');
});

t.test('no stream_options and no user are sent', async (t) => {
  const fake = await fakeUpstream(t);
  await chatEvents(
    cohere(fake),
    chatRequest({ model, user: 'someone' }),
    callContext({ userId: 'user-1' }),
  );
  t.equal(lastBody(fake).stream, true);
  t.notOk('stream_options' in lastBody(fake));
  t.notOk('user' in lastBody(fake));
});

t.test(
  'the model list is the native /v1/models, chat models only, features as abilities',
  async (t) => {
    const fake = await fakeUpstream(t);
    fake.reply({
      kind: 'json',
      body: {
        models: [
          {
            name: 'command-a-03-2025',
            endpoints: ['chat', 'generate'],
            context_length: 256000,
            features: ['tools', 'json_mode'],
          },
          {
            name: 'embed-v4.0',
            endpoints: ['embed'],
            context_length: 128000,
            features: null,
          },
          {
            name: 'c4ai-aya-vision-32b',
            endpoints: ['chat'],
            context_length: 16384,
            features: ['vision'],
          },
          { name: 'rerank-v3.5', endpoints: ['rerank'], context_length: 4096, features: null },
        ],
      },
    });

    const cards = await cohere(fake).models!(callContext());

    const request = fake.lastRequest();
    t.equal(request?.path, '/v1/models', 'not under /compatibility');
    t.equal(request?.headers.authorization, 'Bearer sk-test-0123456789abcdefghijklmnop');
    t.same(
      cards.map((card) => card.id),
      ['command-a-03-2025', 'c4ai-aya-vision-32b'],
    );
    t.equal(cards[0]!.displayName, 'Command A', 'built-in card preferred');
    t.equal(cards[1]!.contextWindowTokens, 16384);
    t.equal(cards[1]!.abilities.vision, true);
    t.notOk(cards[1]!.abilities.functionCall);
  },
);

t.test('the model list host is api.cohere.com for the default base URL', async (t) => {
  const options = runtimeOptions({ baseURL: 'https://api.cohere.ai/compatibility/v1' });
  t.equal(modelListURL(options), 'https://api.cohere.com/v1/models');
});

void t.test('the conformance kit', conformance);
