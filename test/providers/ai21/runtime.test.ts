import t from 'tap';
import { definition } from '../../../providers/ai21/index.js';
import { chatCompletion } from '@manifold/provider-kit/fakes/openai-builders';
import {
  chatEvents,
  chatRequest,
  fakeUpstream,
  lastBody,
  runtimeOptions,
} from '../../wires/openai/runtime-helpers.js';
import type { FakeOpenAI } from '@manifold/provider-kit/fakes/openai';
import { conformance } from './conformance.js';

/** AI21's base path is /studio/v1; the fake routes by suffix, so the runtime uses the same shape. */
const ai21 = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/studio/v1` }, { providerId: 'ai21' }),
  );

const weatherTool = {
  type: 'function' as const,
  function: { name: 'weather____today', parameters: { type: 'object', properties: {} } },
};

t.test('a request with tools is sent unstreamed and replayed as tool-call events', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: chatCompletion(null, {
      toolCalls: [{ name: 'weather____today', arguments: '{"city":"Oslo"}' }],
    }),
  });

  const events = await chatEvents(
    ai21(fake),
    chatRequest({ model: 'jamba-large', tools: [weatherTool] }),
  );

  t.equal(fake.lastRequest()?.path, '/studio/v1/chat/completions');
  t.equal(lastBody(fake).stream, false);
  t.notOk('stream_options' in lastBody(fake));
  const toolCalls = events.find((event) => event.event === 'tool_calls');
  t.match(toolCalls?.data, [{ function: { name: 'weather____today' } }]);
});

t.test('a request without tools streams', async (t) => {
  const fake = await fakeUpstream(t);

  await chatEvents(ai21(fake), chatRequest({ model: 'jamba-mini' }));

  t.equal(lastBody(fake).stream, true);
  t.equal(lastBody(fake).model, 'jamba-mini');
});

t.test('the default base URL is AI21 Studio v1', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.ai21.com/studio/v1');
});

void t.test('the conformance kit', conformance);
