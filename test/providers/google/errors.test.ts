import t from 'tap';
import { errorStatus } from '@manifold/core/errors/status';
import { chatEvents, kinds, rejection } from '../../wires/openai/runtime-helpers.js';
import {
  LOCATION_NOT_SUPPORTED,
  chunk,
  errorBody,
} from '@manifold/provider-kit/fakes/google-builders';
import { ask, fakeGoogle, GOOGLE_KEY, googleRuntime } from './helpers.js';

const context = () => ({ signal: new AbortController().signal, startedAt: Date.now() });

t.test(
  'a key Google refuses (API_KEY_INVALID) is 401 InvalidProviderAPIKey, the key never in the body',
  async (t) => {
    const fake = await fakeGoogle(t);
    const error = await rejection(
      googleRuntime(fake, { apiKey: 'AIzaSyWrong0123456789abcdefghijklmnop' }).chat(
        ask(),
        context(),
      ),
    );
    t.equal(error?.errorType, 'InvalidProviderAPIKey');
    t.equal(errorStatus(error.errorType), 401);
    t.equal(error.body.message, 'API key not valid. Please pass a valid API key.');
    t.match(error.body.error, {
      code: 400,
      status: 'INVALID_ARGUMENT',
      details: [{ reason: 'API_KEY_INVALID' }],
    });
    t.notMatch(JSON.stringify(error.body), /AIzaSyWrong/);
    t.notMatch(error.body.endpoint, /127\.0\.0\.1/, 'the custom host is masked');
  },
);

t.test(
  '"User location is not supported" (400) and any 403 are LocationNotSupportError',
  async (t) => {
    const fake = await fakeGoogle(t);
    fake.reply({ kind: 'json', status: 400, body: LOCATION_NOT_SUPPORTED });
    const location = await rejection(googleRuntime(fake).chat(ask(), context()));
    t.equal(location?.errorType, 'LocationNotSupportError');
    t.equal(errorStatus(location.errorType), 403);
    t.equal(location.body.message, 'User location is not supported for the API use.');
    fake.reply({
      kind: 'json',
      status: 403,
      body: errorBody(403, 'PERMISSION_DENIED', 'Permission denied'),
    });
    t.equal(
      (await rejection(googleRuntime(fake).chat(ask(), context())))?.errorType,
      'LocationNotSupportError',
    );
  },
);

t.test(
  '429 is QuotaLimitReached, other errors ProviderBizError with Google’s message',
  async (t) => {
    const fake = await fakeGoogle(t);
    fake.reply({
      kind: 'json',
      status: 429,
      body: errorBody(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).'),
    });
    t.equal(
      (await rejection(googleRuntime(fake).chat(ask(), context())))?.errorType,
      'QuotaLimitReached',
    );
    fake.reply({
      kind: 'json',
      status: 404,
      body: errorBody(404, 'NOT_FOUND', 'models/gemini-9 is not found for API version v1beta'),
    });
    const missing = await rejection(
      googleRuntime(fake).chat(ask({ model: 'gemini-9' }), context()),
    );
    t.equal(missing?.errorType, 'ProviderBizError');
    t.equal(missing.body.message, 'models/gemini-9 is not found for API version v1beta');
    fake.reply({
      kind: 'raw',
      status: 502,
      headers: { 'content-type': 'text/html' },
      body: '<html>Bad Gateway</html>',
    });
    const proxy = await rejection(googleRuntime(fake).chat(ask(), context()));
    t.equal(proxy?.errorType, 'ProviderBizError');
    t.equal(
      proxy.body.message,
      '<html>Bad Gateway</html>',
      'a body that is not JSON is kept as the message',
    );
  },
);

t.test('a key echoed in an error message is redacted', async (t) => {
  const fake = await fakeGoogle(t);
  fake.reply({
    kind: 'json',
    status: 400,
    body: errorBody(400, 'INVALID_ARGUMENT', `Quota project for ${GOOGLE_KEY} is unset`),
  });
  const error = await rejection(googleRuntime(fake).chat(ask(), context()));
  t.notMatch(JSON.stringify(error.body), GOOGLE_KEY);
});

t.test('a key that is no valid header value is not echoed in the error', async (t) => {
  const fake = await fakeGoogle(t);
  const key = 'AIza-bad\r\nX-Injected: 0123';
  const error = await rejection(googleRuntime(fake, { apiKey: key }).chat(ask(), context()));
  t.ok(error, 'the call fails');
  const text = JSON.stringify(error.body);
  t.notOk(text.includes(JSON.stringify(key).slice(1, -1)), 'the key is not in the body');
  t.notMatch(text, /X-Injected/);
  t.equal(fake.requests.length, 0, 'nothing was sent');
});

t.test('an unreachable upstream is AgentRuntimeError naming the cause code only', async (t) => {
  const fake = await fakeGoogle(t);
  const url = fake.url;
  await fake.close();
  const error = await rejection(googleRuntime({ url }).chat(ask(), context()));
  t.equal(error?.errorType, 'AgentRuntimeError');
  t.equal(error.body.error.code, 'ECONNREFUSED');
});

t.test('an error chunk after content is one error event with the stream id', async (t) => {
  const fake = await fakeGoogle(t);
  fake.reply({
    kind: 'chunks',
    chunks: [
      chunk([{ text: 'Partial' }]),
      errorBody(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.'),
    ],
  });
  const events = await chatEvents(googleRuntime(fake), ask());
  t.same(
    kinds(events).map(([kind]) => kind),
    ['text', 'error'],
  );
  t.equal(events[1]?.id, 'fake-response-id-01');
  t.match(events[1]?.data, {
    type: 'ProviderBizError',
    message: 'The model is overloaded. Please try again later.',
  });
});

t.test('a whole answer that is not JSON is StreamChunkError', async (t) => {
  const fake = await fakeGoogle(t);
  fake.reply({
    kind: 'raw',
    status: 200,
    headers: { 'content-type': 'application/json' },
    body: '{"candidates": [',
  });
  const error = await rejection(googleRuntime(fake).chat(ask({ stream: false }), context()));
  t.equal(error?.errorType, 'StreamChunkError');
  t.equal(error.body.provider, 'google');
});

t.test('a blocked prompt is one first_chunk_error naming the block reason', async (t) => {
  const fake = await fakeGoogle(t);
  const promptFeedback = { blockReason: 'PROHIBITED_CONTENT' };
  fake.reply({
    kind: 'chunks',
    chunks: [
      {
        promptFeedback,
        usageMetadata: { promptTokenCount: 4, totalTokenCount: 4 },
        modelVersion: 'gemini-2.0-flash',
        responseId: 'blocked-1',
      },
    ],
  });
  const events = await chatEvents(googleRuntime(fake), ask());
  t.equal(events.length, 1);
  t.equal(events[0]?.id, 'first_chunk_error');
  t.same(events[0]?.data, {
    type: 'ProviderBizError',
    message:
      'The content may contain prohibited content. Please adjust it and try again. (blockReason: PROHIBITED_CONTENT)',
    body: {
      message:
        'The content may contain prohibited content. Please adjust it and try again. (blockReason: PROHIBITED_CONTENT)',
      context: { promptFeedback },
      provider: 'google',
    },
  });
});
