import t from 'tap';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { definition } from '../../../providers/groq/index.js';
import { chunk } from '@manifold/provider-kit/fakes/openai-builders';
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

/** Groq's base path is /openai/v1; the fake routes by suffix, so the runtime uses the same shape. */
const groq = (fake: FakeOpenAI) =>
  definition.createRuntime(
    runtimeOptions({ baseURL: `${fake.url}/openai/v1` }, { providerId: 'groq' }),
  );

t.test('a temperature of 0 is not sent, other temperatures are', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = groq(fake);

  await chatEvents(runtime, chatRequest({ model: 'llama-3.3-70b-versatile', temperature: 0 }));
  t.equal(fake.lastRequest()?.path, '/openai/v1/chat/completions');
  t.notOk('temperature' in lastBody(fake));

  await chatEvents(runtime, chatRequest({ model: 'llama-3.3-70b-versatile', temperature: 0.6 }));
  t.equal(lastBody(fake).temperature, 0.6);
});

t.test('an upstream 403 is LocationNotSupportError', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply(openaiError(403, null, 'Forbidden'));
  const runtime = groq(fake);

  const error = await rejection(
    runtime.chat(chatRequest({ model: 'llama-3.1-8b-instant' }), callContext()),
  );

  t.type(error, ManifoldError);
  t.equal(error.errorType, 'LocationNotSupportError');
  t.equal(error.body.provider, 'groq');
});

t.test('an upstream 401 is still InvalidProviderAPIKey', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply(openaiError(401));
  const runtime = groq(fake);

  const error = await rejection(
    runtime.chat(chatRequest({ model: 'llama-3.1-8b-instant' }), callContext()),
  );

  t.equal(error.errorType, 'InvalidProviderAPIKey');
});

t.test(
  'usage reported only in x_groq.usage is the usage event; a top-level usage wins',
  async (t) => {
    const fake = await fakeUpstream(t);
    fake.reply({ kind: 'fixture', name: 'groq-x-groq-usage' });

    const events = await chatEvents(groq(fake), chatRequest({ model: 'llama-3.3-70b-versatile' }));

    t.same(
      events.map((event) => event.event),
      ['text', 'text', 'stop', 'usage', 'speed'],
    );
    t.same(events.find((event) => event.event === 'usage')?.data, {
      totalInputTokens: 23,
      totalOutputTokens: 19,
      totalTokens: 42,
      inputTextTokens: 23,
      outputTextTokens: 19,
    });
    const speed = events.at(-1)?.data as { tps?: number };
    t.ok((speed.tps ?? 0) > 0, 'the speed has a tps from the reported output tokens');

    fake.reply({
      kind: 'chunks',
      chunks: [
        chunk({ role: 'assistant', content: 'Hi' }),
        {
          ...chunk({}, {}, 'stop'),
          usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 },
          x_groq: {
            id: 'req_1',
            usage: { prompt_tokens: 50, completion_tokens: 20, total_tokens: 70 },
          },
        },
      ],
    });

    const both = await chatEvents(groq(fake), chatRequest({ model: 'llama-3.1-8b-instant' }));

    t.match(
      both.find((event) => event.event === 'usage')?.data,
      {
        totalInputTokens: 5,
        totalOutputTokens: 2,
        totalTokens: 7,
      },
      'a top-level usage in the same chunk wins',
    );
  },
);

t.test('the default base URL is Groq OpenAI-compatible path', async (t) => {
  t.equal(definition.manifest.defaultBaseURL, 'https://api.groq.com/openai/v1');
});
