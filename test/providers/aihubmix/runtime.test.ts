import t from 'tap';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import { definition } from '@manifold/provider-aihubmix';
import {
  callContext,
  chatEvents,
  chatRequest,
  recordingLogger,
  rejection,
  TEST_KEY,
  thrown,
} from '../../wires/openai/runtime-helpers.js';
import { openaiError } from '@manifold/provider-kit/fakes/openai-errors';
import { API_KEY_INVALID } from '@manifold/provider-kit/fakes/google-builders';
import { startRouterUpstreams, type RouterUpstreams } from './router-upstreams.js';
import { conformance } from './conformance.js';

/** AiHubMix's host: the Anthropic wire at the origin, Google under `/gemini`, OpenAI under `/v1`. */
const upstreams = (t: Parameters<typeof startRouterUpstreams>[0]) =>
  startRouterUpstreams(t, [
    { wire: 'anthropic', match: (path) => path === '/v1/messages' },
    { wire: 'google', match: (path) => path.startsWith('/gemini/'), strip: '/gemini' },
  ]);

const aihubmix = (front: RouterUpstreams, overrides: Partial<RuntimeOptions> = {}) =>
  definition.createRuntime({
    providerId: 'aihubmix',
    apiKey: TEST_KEY,
    baseURL: front.url,
    customBaseURL: true,
    env: {},
    logger: recordingLogger(),
    ...overrides,
  });

const text = (events: Awaited<ReturnType<typeof chatEvents>>) =>
  events
    .filter((event) => event.event === 'text')
    .map((event) => event.data)
    .join('');

t.test('a claude model goes to the Anthropic wire with the APP-Code header', async (t) => {
  const front = await upstreams(t);

  const events = await chatEvents(
    aihubmix(front),
    chatRequest({ model: 'claude-sonnet-4-5-20250929' }),
  );

  t.equal(text(events), 'Hello from the fake.');
  const request = front.lastRequest();
  t.match(request, { wire: 'anthropic', method: 'POST', path: '/v1/messages' });
  t.equal(request?.headers['app-code'], 'LobeHub');
  t.equal(request?.headers['x-api-key'], TEST_KEY);
  t.equal((front.anthropic.lastRequest()?.body as any).model, 'claude-sonnet-4-5-20250929');
});

t.test('a gemini model goes to the Google wire under /gemini with the header', async (t) => {
  const front = await upstreams(t);

  const events = await chatEvents(aihubmix(front), chatRequest({ model: 'gemini-2.5-pro' }));

  t.equal(text(events), 'Hello from the fake.');
  const request = front.lastRequest();
  t.equal(request?.wire, 'google');
  t.equal(request?.path, '/gemini/v1beta/models/gemini-2.5-pro:streamGenerateContent');
  t.equal(request?.headers['app-code'], 'LobeHub');
  t.ok(front.google.lastGenerate()?.body.contents, 'a Gemini body reached the fake');
});

t.test('GPT and o-series models use the Responses API on /v1/responses', async (t) => {
  const front = await upstreams(t);
  const runtime = aihubmix(front);

  for (const model of ['gpt-5', 'o4-mini', 'gpt-4.1']) {
    const events = await chatEvents(runtime, chatRequest({ model }));
    t.equal(text(events), 'Hello from the fake.', `${model} answers`);
    t.equal(front.lastRequest()?.path, '/v1/responses', `${model} on Responses`);
    t.equal(front.lastRequest()?.headers['app-code'], 'LobeHub');
    t.equal((front.openai.lastRequest()?.body as any).store, false);
  }
});

t.test('other models use Chat Completions on /v1', async (t) => {
  const front = await upstreams(t);
  const runtime = aihubmix(front);

  for (const model of ['DeepSeek-V3.1', 'qwen3-235b-a22b-instruct-2507', 'gpt-4o-search-preview']) {
    await chatEvents(runtime, chatRequest({ model }));
    t.match(front.lastRequest(), { wire: 'openai', path: '/v1/chat/completions' }, model);
    t.equal(front.lastRequest()?.headers['app-code'], 'LobeHub');
  }
});

t.test('AIHUBMIX_APP_CODE sets the APP-Code value', async (t) => {
  const front = await upstreams(t);

  await chatEvents(
    aihubmix(front, { env: { AIHUBMIX_APP_CODE: 'Manifold' } }),
    chatRequest({ model: 'DeepSeek-R1' }),
  );

  t.equal(front.lastRequest()?.headers['app-code'], 'Manifold');
});

t.test('a base URL ending in /v1 is taken as the origin of every wire', async (t) => {
  const front = await upstreams(t);
  const runtime = aihubmix(front, { baseURL: `${front.url}/v1/` });

  await chatEvents(runtime, chatRequest({ model: 'claude-opus-4-1-20250805' }));
  t.equal(front.lastRequest()?.path, '/v1/messages');
  await chatEvents(runtime, chatRequest({ model: 'DeepSeek-V3.1' }));
  t.equal(front.lastRequest()?.path, '/v1/chat/completions');
});

t.test('errors are mapped the way each wire maps them', async (t) => {
  const front = await upstreams(t);
  const runtime = aihubmix(front);

  front.anthropic.reply({
    kind: 'error',
    status: 401,
    type: 'authentication_error',
    message: 'invalid x-api-key',
  });
  const claude = await rejection(
    runtime.chat(chatRequest({ model: 'claude-sonnet-4-20250514' }), callContext()),
  );
  t.match(claude, { errorType: 'InvalidProviderAPIKey', body: { provider: 'aihubmix' } });

  front.google.reply({ kind: 'json', status: 400, body: API_KEY_INVALID });
  const gemini = await rejection(
    runtime.chat(chatRequest({ model: 'gemini-2.5-flash' }), callContext()),
  );
  t.match(gemini, { errorType: 'InvalidProviderAPIKey', body: { provider: 'aihubmix' } });

  front.openai.reply(openaiError(429, 'insufficient_quota'));
  const deepseek = await rejection(
    runtime.chat(chatRequest({ model: 'DeepSeek-V3.1' }), callContext()),
  );
  t.match(deepseek, { errorType: 'InsufficientQuota', body: { provider: 'aihubmix' } });
});

t.test('the model list comes from /v1/models with built-in cards preferred', async (t) => {
  const front = await upstreams(t);

  const models = await aihubmix(front).models!(callContext());

  t.match(front.lastRequest(), { wire: 'openai', method: 'GET', path: '/v1/models' });
  t.equal(front.lastRequest()?.headers['app-code'], 'LobeHub');
  const gpt5 = models.find((model) => model.id === 'gpt-5');
  t.equal(gpt5?.displayName, 'GPT-5', 'the manifest card');
  t.ok(
    models.some((model) => model.id === 'gpt-4o'),
    'ids the manifest lacks are listed',
  );
  t.notOk(
    models.some((model) => model.id === 'whisper-1'),
    'non-chat ids are filtered',
  );
});

t.test('a runtime without a key is refused at construction', async (t) => {
  const error = thrown(() =>
    definition.createRuntime({
      providerId: 'aihubmix',
      env: {},
      logger: recordingLogger(),
    }),
  );
  t.match(error, { errorType: 'InvalidProviderAPIKey', body: { provider: 'aihubmix' } });
});

void t.test('the conformance kit', conformance);
