import t from 'tap';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { errorMessage, toErrorResponse, toStreamError } from '@manifold/core/errors/response';

t.test('a ManifoldError keeps its type and body with the catalogue status', async (t) => {
  const error = new ManifoldError('InvalidProviderAPIKey', {
    provider: 'acme',
    error: { code: 401 },
  });
  t.same(toErrorResponse(error), {
    status: 401,
    payload: {
      errorType: 'InvalidProviderAPIKey',
      body: { provider: 'acme', error: { code: 401 } },
    },
  });
});

t.test('numeric error types answer with their own status', async (t) => {
  const { status, payload } = toErrorResponse(new ManifoldError(413, { message: 'too large' }));
  t.equal(status, 413);
  t.equal(payload.errorType, 413);
});

t.test('secrets in a ManifoldError body are removed before they reach the client', async (t) => {
  const error = new ManifoldError('ProviderBizError', {
    provider: 'acme',
    error: {
      message: 'bad key sk-abcdefghijklmnopqrstuvwxyz',
      headers: { authorization: 'Bearer x' },
    },
  });
  const { payload } = toErrorResponse(error);
  t.same(payload.body.error, {
    message: 'bad key sk-****',
    headers: { authorization: '****' },
  });
});

t.test('any other thrown value becomes AgentRuntimeError 470 without a stack', async (t) => {
  const { status, payload } = toErrorResponse(new TypeError('cannot read x of undefined'));
  t.equal(status, 470);
  t.equal(payload.errorType, 'AgentRuntimeError');
  t.same(payload.body, { message: 'cannot read x of undefined' });
  t.notMatch(JSON.stringify(payload), /at .*\.ts:\d+/, 'no stack frames');
});

t.test('thrown strings and odd values get a sanitised message', async (t) => {
  t.same(toErrorResponse('key sk-abcdefghijklmnopqrstuvwx leaked').payload.body, {
    message: 'key sk-**** leaked',
  });
  t.same(toErrorResponse({ weird: true }).payload.body, { message: 'Unexpected error' });
  t.same(toErrorResponse(undefined).payload.body, { message: 'Unexpected error' });
  const long = toErrorResponse(new Error('x'.repeat(5000))).payload.body.message as string;
  t.ok(long.length <= 1001, 'long messages are cut');
});

t.test('a stream error carries type, the body message and the body', async (t) => {
  const error = new ManifoldError('ProviderBizError', {
    provider: 'acme',
    message: 'Stream ended unexpectedly',
    reason: 'unexpected_end',
  });
  t.same(toStreamError(error), {
    type: 'ProviderBizError',
    message: 'Stream ended unexpectedly',
    body: { provider: 'acme', message: 'Stream ended unexpectedly', reason: 'unexpected_end' },
  });
});

t.test('a stream error without a message uses the English catalogue message', async (t) => {
  const result = toStreamError(new ManifoldError('StreamChunkError', { chunk: '{bad' }));
  t.equal(
    result.message,
    'chat response streaming chunk parse error, please contact your API Provider to fix it.',
  );
  t.same(result.body, { chunk: '{bad' });
  const quota = toStreamError(new ManifoldError('InsufficientQuota', { provider: 'acme' }));
  t.match(quota.message, /at acme is insufficient/);
});

t.test('errorMessage fills the provider placeholder in both locales', async (t) => {
  t.equal(
    errorMessage('InvalidProviderAPIKey', 'en', { provider: 'Acme AI' }),
    'The API key for Acme AI is incorrect or empty. Check the key and try again.',
  );
  t.equal(
    errorMessage('InvalidProviderAPIKey', 'zh', { provider: 'Acme AI' }),
    'Acme AI API Key 不正确或为空，请检查后重试。',
  );
  t.match(errorMessage('InvalidProviderAPIKey', 'en'), 'The API key for the provider');
  t.notMatch(errorMessage('ProviderBizError', 'zh'), '{{provider}}');
});

t.test('errorMessage falls back to the status message for unknown types', async (t) => {
  t.equal(errorMessage('SomethingNew', 'en'), errorMessage(500, 'en'));
  t.equal(errorMessage('InvalidSomething', 'zh'), errorMessage(401, 'zh'));
  t.equal(errorMessage(418, 'en'), errorMessage(500, 'en'));
  t.equal(errorMessage(429, 'en'), 'Too many requests (429). Slow down and try again in a moment.');
});
