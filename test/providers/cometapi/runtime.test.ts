import t from 'tap';
import { definition } from '../../../providers/cometapi/index.js';
import { textChunks } from '@manifold/provider-kit/fakes/openai-builders';
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

const cometapi = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/v1` }, { providerId: 'cometapi' }),
  );

t.test('the default base URL is https://api.cometapi.com/v1', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.cometapi.com/v1');
});

t.test('a request with stream false is still streamed upstream and answered', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'chunks', chunks: textChunks(['Hello', ' there']) });
  const runtime = cometapi(fake);

  const events = await chatEvents(
    runtime,
    chatRequest({ model: 'gpt-5-chat-latest', stream: false }),
  );

  t.equal(fake.lastRequest()?.path, '/v1/chat/completions');
  t.equal(lastBody(fake).stream, true);
  t.same(lastBody(fake).stream_options, { include_usage: true });
  const text = events
    .filter((event) => event.event === 'text')
    .map((event) => event.data)
    .join('');
  t.equal(text, 'Hello there');
});

t.test('the model list is read from /models with abilities of the built-in cards', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: { object: 'list', data: [{ id: 'gpt-5-chat-latest' }, { id: 'text-embedding-3-small' }] },
  });
  const runtime = cometapi(fake);

  const models = await runtime.models!(callContext());

  t.equal(fake.lastRequest()?.path, '/v1/models');
  t.same(
    models.map((model) => model.id),
    ['gpt-5-chat-latest'],
  );
  t.equal(models[0]?.contextWindowTokens, 400_000);
});

void t.test('the conformance kit', conformance);
