import t, { type Test } from 'tap';
import { errorStatus } from '@manifold/core/errors/status';
import { definition } from '@manifold/provider-anthropic';
import { callContext, recordingLogger, rejection } from '../../wires/openai/runtime-helpers.js';
import type { AnthropicScenario } from '@manifold/provider-kit/fakes/anthropic';
import { ask, KEY, setup } from './helpers.js';

/** The error `runtime.chat` rejects with when the fake answers `scenario`. */
async function refusal(t: Test, scenario: AnthropicScenario, customBaseURL = false) {
  const { fake, runtime } = await setup(t, { runtime: { customBaseURL } });
  fake.reply(scenario);
  return rejection(runtime.chat(ask(), callContext()));
}

const table: Array<[string, AnthropicScenario, string, number]> = [
  [
    'a 401 authentication_error',
    { kind: 'error', status: 401, type: 'authentication_error', message: 'invalid x-api-key' },
    'InvalidProviderAPIKey',
    401,
  ],
  [
    'a 403 permission_error',
    { kind: 'error', status: 403, type: 'permission_error', message: 'Request not allowed' },
    'LocationNotSupportError',
    403,
  ],
  [
    'a message saying the region is not supported',
    {
      kind: 'error',
      status: 400,
      type: 'invalid_request_error',
      message: 'Anthropic API is not available in your region',
    },
    'LocationNotSupportError',
    403,
  ],
  [
    'a 404 not_found_error on the model',
    { kind: 'error', status: 404, type: 'not_found_error', message: 'model: claude-nope' },
    'ModelNotFound',
    404,
  ],
  [
    'a 429 rate_limit_error',
    { kind: 'error', status: 429, type: 'rate_limit_error', message: 'Rate limited' },
    'QuotaLimitReached',
    429,
  ],
  [
    'a 400 prompt too long',
    {
      kind: 'error',
      status: 400,
      type: 'invalid_request_error',
      message: 'prompt is too long: 215837 tokens > 200000 maximum',
    },
    'ExceededContextWindow',
    400,
  ],
  [
    'a 529 overloaded_error',
    { kind: 'error', status: 529, type: 'overloaded_error', message: 'Overloaded' },
    'ProviderBizError',
    471,
  ],
  [
    'an HTML 502 from a proxy',
    { kind: 'raw', status: 502, headers: { 'content-type': 'text/html' }, body: '<h1>502</h1>' },
    'ProviderBizError',
    471,
  ],
];

for (const [what, scenario, type, status] of table) {
  t.test(`${what} is ${type} (HTTP ${status})`, async (t) => {
    const error = await refusal(t, scenario);
    t.equal(error?.name, 'ManifoldError');
    t.equal(error?.errorType, type);
    t.equal(errorStatus(error.errorType), status);
    t.equal(error?.body?.provider, 'anthropic');
  });
}

t.test('the upstream error body is kept, sanitised, with no echo of the key', async (t) => {
  const error = await refusal(t, {
    kind: 'error',
    status: 401,
    type: 'authentication_error',
    message: `invalid x-api-key: ${KEY}`,
  });
  t.match(error?.body?.error, {
    type: 'error',
    error: { type: 'authentication_error' },
    request_id: /^req_fake_/,
  });
  t.notMatch(JSON.stringify(error?.body), KEY, 'the key is redacted');
  t.notOk('endpoint' in error.body, 'no endpoint for the default base URL');
});

t.test('a custom base URL is masked in the error body', async (t) => {
  const error = await refusal(
    t,
    { kind: 'error', status: 500, type: 'api_error', message: 'Internal server error' },
    true,
  );
  t.equal(error?.errorType, 'ProviderBizError');
  t.type(error?.body?.endpoint, 'string');
  t.notMatch(error?.body?.endpoint, /127\.0\.0\.1/);
});

t.test('a wrong key reaching the API is InvalidProviderAPIKey', async (t) => {
  const { fake } = await setup(t);
  const runtime = definition.createRuntime({
    providerId: 'anthropic',
    apiKey: 'sk-ant-wrong-key-000000000000',
    baseURL: fake.url,
    env: {},
    logger: recordingLogger(),
  });
  const error = await rejection(runtime.chat(ask(), callContext()));
  t.equal(error?.errorType, 'InvalidProviderAPIKey');
  t.match(error?.body?.error, { error: { message: 'invalid x-api-key' } });
});

t.test('an unreachable host is AgentRuntimeError with the cause code only', async (t) => {
  const runtime = definition.createRuntime({
    providerId: 'anthropic',
    apiKey: KEY,
    baseURL: 'http://127.0.0.1:9',
    customBaseURL: true,
    env: {},
    logger: recordingLogger(),
  });
  const error = await rejection(runtime.chat(ask(), callContext()));
  t.equal(error?.errorType, 'AgentRuntimeError');
  t.equal(error?.body?.error?.code, 'ECONNREFUSED');
  t.notMatch(JSON.stringify(error.body), /127\.0\.0\.1:9/);
});

t.test('the model list maps its errors the same way', async (t) => {
  const { fake, runtime } = await setup(t);
  fake.reply({ kind: 'error', status: 403, type: 'permission_error', message: 'Forbidden' });
  const error = await rejection(runtime.models!(callContext()));
  t.equal(error?.errorType, 'LocationNotSupportError');
});
