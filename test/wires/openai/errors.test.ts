import { createServer } from 'node:net';
import t from 'tap';
import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { createOpenAICompatibleRuntime } from '@manifold/wire-openai/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { openaiError } from '@manifold/provider-kit/fakes/openai-errors';
import {
  callContext,
  chatEvents,
  chatRequest,
  fakeUpstream,
  rejection,
  runtimeOptions,
  TEST_KEY,
  thrown,
} from './runtime-helpers.js';

const base: OpenAICompatibleOptions = { baseURL: 'http://unused.invalid/v1' };

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const table: Array<[string, ReturnType<typeof openaiError>, string]> = [
  ['answering 401 gives InvalidProviderAPIKey', openaiError(401), 'InvalidProviderAPIKey'],
  [
    'answering insufficient_quota gives InsufficientQuota',
    openaiError(429, 'insufficient_quota'),
    'InsufficientQuota',
  ],
  [
    'answering model_not_found gives ModelNotFound',
    openaiError(404, 'model_not_found'),
    'ModelNotFound',
  ],
  [
    'answering context_length_exceeded gives ExceededContextWindow',
    openaiError(400, 'context_length_exceeded'),
    'ExceededContextWindow',
  ],
  [
    'answering string_above_max_length gives ExceededContextWindow',
    openaiError(400, 'string_above_max_length', 'string too long'),
    'ExceededContextWindow',
  ],
  [
    'answering a rate limit gives ProviderBizError',
    openaiError(429, 'rate_limit_exceeded'),
    'ProviderBizError',
  ],
  ['answering 500 gives ProviderBizError', openaiError(500), 'ProviderBizError'],
];

for (const [name, scenario, type] of table) {
  t.test(`an upstream ${name} before the stream starts`, async (t) => {
    const fake = await fakeUpstream(t);
    fake.reply(scenario);
    const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

    const error = await rejection(runtime.chat(chatRequest(), callContext()));

    t.type(error, ManifoldError);
    t.equal(error.errorType, type);
    t.equal(error.body.provider, 'test-compat');
    t.match(error.body.error, { type: String, message: String });
    t.equal(error.body.message, error.body.error.message);
    t.notOk('endpoint' in error.body, 'a default base URL is not reported');
  });
}

t.test('an unreachable upstream gives AgentRuntimeError without its address', async (t) => {
  const port = await closedPort();
  const baseURL = `http://127.0.0.1:${port}/v1`;
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions({ baseURL }));

  const error = await rejection(runtime.chat(chatRequest(), callContext()));

  t.type(error, ManifoldError);
  t.equal(error.errorType, 'AgentRuntimeError');
  t.match(error.body.error, { name: String, message: 'Connection error.', code: 'ECONNREFUSED' });
  t.notOk(JSON.stringify(error.body).includes(String(port)));
});

t.test('a custom base URL is masked in the error body', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply(openaiError(500));
  const options = runtimeOptions(fake, { customBaseURL: true });
  const runtime = createOpenAICompatibleRuntime(base, options);

  const error = await rejection(runtime.chat(chatRequest(), callContext()));

  t.equal(error.body.endpoint, 'http://127.****.****.1:****/v1');
  t.notOk(JSON.stringify(error.body).includes(fake.url));
});

t.test('no key leaks in error bodies, even when the upstream echoes it', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply(openaiError(401, 'invalid_api_key', `Incorrect API key provided: ${TEST_KEY}.`));
  fake.reply({
    kind: 'json',
    status: 400,
    body: { error: { message: 'bad', api_key: TEST_KEY, detail: `k=${TEST_KEY}` } },
  });
  const options = runtimeOptions(fake);
  const runtime = createOpenAICompatibleRuntime(base, options);

  const first = await rejection(runtime.chat(chatRequest(), callContext()));
  const second = await rejection(runtime.chat(chatRequest(), callContext()));

  for (const error of [first, second]) {
    t.notOk(JSON.stringify(error.body).includes(TEST_KEY));
    t.notOk(error.message.includes(TEST_KEY));
  }
  t.equal(first.errorType, 'InvalidProviderAPIKey');
  t.notOk(JSON.stringify(options.logger.records).includes(TEST_KEY), 'nor in the logs');
  t.ok(
    options.logger.records.some(
      (record) => record.level === 'debug' && record.message === 'upstream error',
    ),
  );
});

t.test('provider maps win: by code, by message, by status, and the invalid-key type', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(
    {
      ...base,
      errors: {
        code: { rate_limit_exceeded: 'QuotaLimitReached' },
        message: [[/region/i, 'LocationNotSupportError']],
        status: { 403: 'PermissionDenied' },
        invalidAPIKey: 'InvalidGithubToken',
      },
    },
    runtimeOptions(fake),
  );
  const cases: Array<[ReturnType<typeof openaiError>, string]> = [
    [openaiError(429, 'rate_limit_exceeded'), 'QuotaLimitReached'],
    [openaiError(400, null, 'Not available in your region'), 'LocationNotSupportError'],
    [openaiError(403, null, 'Forbidden'), 'PermissionDenied'],
    [openaiError(401), 'InvalidGithubToken'],
    [openaiError(429, 'insufficient_quota'), 'InsufficientQuota'],
  ];

  for (const [scenario, type] of cases) {
    fake.reply(scenario);
    const error = await rejection(runtime.chat(chatRequest(), callContext()));
    t.equal(error.errorType, type, `${scenario.status} ${scenario.code ?? scenario.message}`);
  }
});

t.test('a 200 JSON answer carrying an error object is an HTTP error', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'json',
    body: { error: { message: 'No credit', code: 'insufficient_quota' } },
  });
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  const error = await rejection(runtime.chat(chatRequest({ stream: false }), callContext()));

  t.equal(error.errorType, 'InsufficientQuota');
  t.equal(error.body.message, 'No credit');
});

t.test('an error body that is not JSON still maps by status', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({
    kind: 'raw',
    status: 502,
    headers: { 'content-type': 'text/html' },
    body: '<html>Bad gateway</html>',
  });
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));

  const error = await rejection(runtime.chat(chatRequest(), callContext()));

  t.equal(error.errorType, 'ProviderBizError');
  t.match(error.body.message, /Bad gateway/);
});

t.test('a missing key throws InvalidProviderAPIKey at construction', async (t) => {
  const error = thrown(() =>
    createOpenAICompatibleRuntime(
      base,
      runtimeOptions({ baseURL: 'http://127.0.0.1:9/v1' }, { apiKey: '' }),
    ),
  );

  t.type(error, ManifoldError);
  t.equal(error.errorType, 'InvalidProviderAPIKey');
  t.equal(error.body.provider, 'test-compat');
});

t.test(
  'a missing key throws the provider invalid-key type, unless no key is required',
  async (t) => {
    const custom = thrown(() =>
      createOpenAICompatibleRuntime(
        { ...base, errors: { invalidAPIKey: 'InvalidGithubToken' } },
        runtimeOptions({ baseURL: 'http://127.0.0.1:9/v1' }, { apiKey: undefined }),
      ),
    );
    t.equal(custom.errorType, 'InvalidGithubToken');

    const fake = await fakeUpstream(t);
    const runtime = createOpenAICompatibleRuntime(
      { ...base, requiresApiKey: false },
      runtimeOptions(fake, { apiKey: undefined }),
    );
    const events = await chatEvents(runtime, chatRequest());
    t.equal(events.at(-1)?.event, 'speed');
  },
);

t.test('an abort before the upstream answers rejects with the abort reason', async (t) => {
  const fake = await fakeUpstream(t);
  fake.reply({ kind: 'hang' });
  const runtime = createOpenAICompatibleRuntime(base, runtimeOptions(fake));
  const controller = new AbortController();

  const pending = runtime.chat(chatRequest(), callContext({ signal: controller.signal }));
  setTimeout(() => controller.abort(), 50);
  const error = await rejection(pending);

  t.equal(error?.name, 'AbortError');
  t.notOk(error instanceof ManifoldError);
});

t.test('statusMessage replaces the upstream message for that status only', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(
    { ...base, errors: { statusMessage: { 403: '请检查余额' } } },
    runtimeOptions(fake),
  );
  fake.reply(openaiError(403, null, 'Forbidden'));
  const forbidden = await rejection(runtime.chat(chatRequest(), callContext()));
  t.equal(forbidden.errorType, 'ProviderBizError');
  t.equal(forbidden.body.message, '请检查余额');
  fake.reply(openaiError(400, null, 'Bad thing'));
  const bad = await rejection(runtime.chat(chatRequest(), callContext()));
  t.equal(bad.body.message, 'Bad thing');
});

t.test('a string error, in a 200 JSON answer or in a stream chunk, is mapped', async (t) => {
  const fake = await fakeUpstream(t);
  const runtime = createOpenAICompatibleRuntime(
    { ...base, errors: { message: [[/requires a pro subscription/i, 'PermissionDenied']] } },
    runtimeOptions(fake),
  );
  fake.reply({ kind: 'json', body: { error: 'Model requires a Pro subscription' } });
  const whole = await rejection(runtime.chat(chatRequest({ stream: false }), callContext()));
  t.equal(whole.errorType, 'PermissionDenied');

  fake.reply({ kind: 'chunks', chunks: [{ error: 'Model requires a Pro subscription' }] });
  const events = await chatEvents(runtime, chatRequest());
  const error = events.find((event) => event.event === 'error');
  t.match(error?.data, { type: 'PermissionDenied' });
});
