import t from 'tap';
import {
  callContext,
  chatEvents,
  chatRequest,
  rejection,
} from '../../wires/openai/runtime-helpers.js';
import {
  nativeChunk,
  nativeTextChunks,
  WORKERS_AI_ERRORS as E,
} from '@manifold/provider-kit/fakes/cloudflare-builders';
import type { CloudflareScenario } from '@manifold/provider-kit/fakes/cloudflare';
import { cloudflareRuntime, fakeCloudflare } from './helpers.js';

const LLAMA = '@cf/meta/llama-3.3-70b-instruct-fp8-fast';

t.test('HTTP errors map to the catalogue by Workers AI code, then status', async (t) => {
  const fake = await fakeCloudflare(t);
  const cases: Array<[string, CloudflareScenario, string]> = [
    [
      '400 invalid input',
      { kind: 'error', status: 400, errors: [E.invalidInput] },
      'ProviderBizError',
    ],
    ['400 5007', { kind: 'error', status: 400, errors: [E.noSuchModel('@cf/x')] }, 'ModelNotFound'],
    [
      '404 3042',
      {
        kind: 'error',
        status: 404,
        errors: [{ code: 3042, message: 'The model name is invalid' }],
      },
      'ModelNotFound',
    ],
    ['429 3036', { kind: 'error', status: 429, errors: [E.dailyAllocation] }, 'InsufficientQuota'],
    ['429 3040', { kind: 'error', status: 429, errors: [E.capacity] }, 'QuotaLimitReached'],
    ['403 5016', { kind: 'error', status: 403, errors: [E.modelAgreement] }, 'PermissionDenied'],
    [
      '403 10000',
      { kind: 'error', status: 403, errors: [E.authentication] },
      'InvalidProviderAPIKey',
    ],
    [
      '502 HTML',
      {
        kind: 'raw',
        status: 502,
        headers: { 'content-type': 'text/html' },
        body: '<html>Bad gateway</html>',
      },
      'ProviderBizError',
    ],
    ['408 empty', { kind: 'raw', status: 408, body: '' }, 'ProviderBizError'],
    [
      '429 OpenAI-style',
      {
        kind: 'json',
        status: 429,
        body: {
          error: {
            code: 'internal_error',
            message: '4006: you have used up your daily free allocation of 10,000 neurons',
          },
        },
      },
      'InsufficientQuota',
    ],
  ];
  for (const [name, scenario, type] of cases) {
    fake.reply(scenario);
    const error = await rejection(
      cloudflareRuntime(fake).chat(chatRequest({ model: LLAMA }), callContext()),
    );
    t.equal(error?.errorType, type, name);
    t.equal(error?.body.provider, 'cloudflare', `${name}: names the provider`);
  }
  fake.reply({ kind: 'error', status: 400, errors: [E.noSuchModel('@cf/nope')] });
  const error = await rejection(
    cloudflareRuntime(fake).chat(chatRequest({ model: LLAMA }), callContext()),
  );
  t.equal(error?.body.message, 'No such model @cf/nope or task');
  t.same(error?.body.error.errors, [E.noSuchModel('@cf/nope')], 'the upstream envelope is kept');
});

t.test('a wrong token is 401 InvalidProviderAPIKey and the key never shows', async (t) => {
  const fake = await fakeCloudflare(t);
  const error = await rejection(
    cloudflareRuntime(fake, { apiKey: 'cf-wrong-token-0123456789' }).chat(
      chatRequest({ model: LLAMA }),
      callContext(),
    ),
  );
  t.equal(error?.errorType, 'InvalidProviderAPIKey');
  t.equal(error?.body.message, 'Authentication error');
  t.notMatch(JSON.stringify(error?.body), 'cf-wrong-token');
});

t.test('a custom base URL is masked and the account id redacted in error bodies', async (t) => {
  const fake = await fakeCloudflare(t);
  fake.reply({
    kind: 'error',
    status: 400,
    errors: [
      { code: 3003, message: `Request is missing headers or body for account ${fake.accountId}` },
    ],
  });
  const error = await rejection(
    cloudflareRuntime(fake, { baseURLOrAccountID: fake.gatewayURL() }).chat(
      chatRequest({ model: LLAMA }),
      callContext(),
    ),
  );
  const text = JSON.stringify(error?.body);
  t.ok(error?.body.endpoint, 'the endpoint is reported');
  t.notMatch(text, '127.0.0.1', 'the host is masked');
  t.notMatch(text, fake.accountId, 'the account id never shows');
});

t.test('an unreachable upstream is AgentRuntimeError with the cause code', async (t) => {
  const fake = await fakeCloudflare(t);
  const runtime = cloudflareRuntime(fake, { baseURL: 'http://127.0.0.1:9/client/v4' });
  const error = await rejection(runtime.chat(chatRequest({ model: LLAMA }), callContext()));
  t.equal(error?.errorType, 'AgentRuntimeError');
  t.equal(error?.body.error.code, 'ECONNREFUSED');
});

t.test('an in-stream error before content is one first_chunk_error event', async (t) => {
  const fake = await fakeCloudflare(t);
  fake.reply({
    kind: 'stream',
    chunks: [{ success: false, errors: [E.capacity] }],
    done: false,
  });
  const events = await chatEvents(cloudflareRuntime(fake), chatRequest({ model: LLAMA }));
  t.same(
    events.map((e) => [e.id, e.event]),
    [['first_chunk_error', 'error']],
  );
  t.match(events[0]!.data, { type: 'QuotaLimitReached', body: { provider: 'cloudflare' } });
});

t.test('an OpenAI-style error chunk after text ends the stream with that error', async (t) => {
  const fake = await fakeCloudflare(t);
  fake.reply({
    kind: 'stream',
    chunks: [
      nativeChunk('Hel'),
      {
        error: { code: 'invalid_prompt', message: 'AiError: AiError: Request timeout (a613c7db)' },
      },
    ],
  });
  const events = await chatEvents(cloudflareRuntime(fake), chatRequest({ model: LLAMA }));
  t.same(
    events.map((e) => e.event),
    ['text', 'error'],
  );
  t.not(events[1]!.id, 'first_chunk_error');
  t.match(events[1]!.data, { type: 'ProviderBizError', message: /Request timeout/ });
});

t.test(
  'a chunk that is not JSON is StreamChunkError; a cut connection unexpected_end',
  async (t) => {
    const fake = await fakeCloudflare(t);
    fake.reply({ kind: 'stream', chunks: [nativeChunk('Hello'), '{"response": broken'] });
    const bad = await chatEvents(cloudflareRuntime(fake), chatRequest({ model: LLAMA }));
    t.match(bad.at(-1), { event: 'error', data: { type: 'StreamChunkError' } });

    fake.reply({ kind: 'stream', chunks: nativeTextChunks(['a', 'b', 'c']), dropAfter: 2 });
    const cut = await chatEvents(cloudflareRuntime(fake), chatRequest({ model: LLAMA }));
    t.same(
      cut.map((e) => e.event),
      ['text', 'text', 'error'],
    );
    t.match(cut[2]!.data, { type: 'ProviderBizError', body: { reason: 'unexpected_end' } });
  },
);
