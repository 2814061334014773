import t from 'tap';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import { definition } from '@manifold/provider-newapi';
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
import { startRouterUpstreams, type RouterUpstreams } from '../aihubmix/router-upstreams.js';
import { conformance } from './conformance.js';

/** A New API deployment: Claude's and Gemini's native routes beside the OpenAI ones. */
const upstreams = (t: Parameters<typeof startRouterUpstreams>[0]) =>
  startRouterUpstreams(t, [
    { wire: 'anthropic', match: (path) => path === '/v1/messages' },
    { wire: 'google', match: (path) => path.startsWith('/v1beta/') },
  ]);

const options = (overrides: Partial<RuntimeOptions> = {}): RuntimeOptions => ({
  providerId: 'newapi',
  apiKey: TEST_KEY,
  customBaseURL: true,
  env: {},
  logger: recordingLogger(),
  ...overrides,
});

/** The runtime on the deployment's URL as users paste it, with `/v1`. */
const newapi = (front: RouterUpstreams, overrides: Partial<RuntimeOptions> = {}) =>
  definition.createRuntime(options({ baseURL: `${front.url}/v1`, ...overrides }));

const text = (events: Awaited<ReturnType<typeof chatEvents>>) =>
  events
    .filter((event) => event.event === 'text')
    .map((event) => event.data)
    .join('');

t.test('a claude model goes to the Anthropic wire with the X-Client header', async (t) => {
  const front = await upstreams(t);

  const events = await chatEvents(
    newapi(front),
    chatRequest({ model: 'claude-sonnet-4-5-20250929' }),
  );

  t.equal(text(events), 'Hello from the fake.');
  t.match(front.lastRequest(), { wire: 'anthropic', method: 'POST', path: '/v1/messages' });
  t.equal(front.lastRequest()?.headers['x-client'], 'LobeHub');
  t.equal(front.lastRequest()?.headers['x-api-key'], TEST_KEY);
});

t.test('a gemini model goes to the Google wire at /v1beta with the header', async (t) => {
  const front = await upstreams(t);

  const events = await chatEvents(newapi(front), chatRequest({ model: 'gemini-2.5-flash' }));

  t.equal(text(events), 'Hello from the fake.');
  t.equal(front.lastRequest()?.wire, 'google');
  t.equal(front.lastRequest()?.path, '/v1beta/models/gemini-2.5-flash:streamGenerateContent');
  t.equal(front.lastRequest()?.headers['x-client'], 'LobeHub');
});

t.test('GPT and o-series models use the Responses API on /v1/responses', async (t) => {
  const front = await upstreams(t);
  const runtime = newapi(front);

  for (const model of ['gpt-4o-mini', 'o3', 'openai/gpt-5']) {
    const events = await chatEvents(runtime, chatRequest({ model }));
    t.equal(text(events), 'Hello from the fake.', `${model} answers`);
    t.equal(front.lastRequest()?.path, '/v1/responses', `${model} on Responses`);
    t.equal(front.lastRequest()?.headers['x-client'], 'LobeHub');
  }
});

t.test('other models use Chat Completions on /v1', async (t) => {
  const front = await upstreams(t);

  await chatEvents(newapi(front), chatRequest({ model: 'deepseek-chat' }));

  t.match(front.lastRequest(), { wire: 'openai', path: '/v1/chat/completions' });
  t.equal(front.lastRequest()?.headers['x-client'], 'LobeHub');
});

t.test('the API version is stripped from the URL the user gives', async (t) => {
  const front = await upstreams(t);

  for (const baseURL of [front.url, `${front.url}/v1/`, `${front.url}/v1beta`]) {
    const runtime = newapi(front, { baseURL });
    await chatEvents(runtime, chatRequest({ model: 'deepseek-chat' }));
    t.equal(front.lastRequest()?.path, '/v1/chat/completions', `${baseURL}: OpenAI wire`);
    await chatEvents(runtime, chatRequest({ model: 'gemini-2.5-pro' }));
    t.equal(
      front.lastRequest()?.path,
      '/v1beta/models/gemini-2.5-pro:streamGenerateContent',
      `${baseURL}: Google wire`,
    );
  }
});

t.test('errors are mapped the way each wire maps them', async (t) => {
  const front = await upstreams(t);
  const runtime = newapi(front);
  const fail = (model: string) => rejection(runtime.chat(chatRequest({ model }), callContext()));

  front.anthropic.reply({ kind: 'error', status: 429, type: 'rate_limit_error', message: 'slow' });
  t.match(await fail('claude-opus-4-1-20250805'), {
    errorType: 'QuotaLimitReached',
    body: { provider: 'newapi' },
  });

  front.google.reply({ kind: 'json', status: 400, body: API_KEY_INVALID });
  t.match(await fail('gemini-2.5-flash'), {
    errorType: 'InvalidProviderAPIKey',
    body: { provider: 'newapi' },
  });

  front.openai.reply(openaiError(404, 'model_not_found', 'The model does not exist'));
  t.match(await fail('deepseek-chat'), {
    errorType: 'ModelNotFound',
    body: { provider: 'newapi' },
  });
});

t.test('the model list comes from <base>/v1/models with built-in cards preferred', async (t) => {
  const front = await upstreams(t);

  const models = await newapi(front).models!(callContext());

  t.match(front.lastRequest(), { wire: 'openai', method: 'GET', path: '/v1/models' });
  t.equal(front.lastRequest()?.headers['x-client'], 'LobeHub');
  t.equal(models.find((model) => model.id === 'gpt-5')?.displayName, 'GPT-5');
  t.ok(
    models.some((model) => model.id === 'o3-mini'),
    'ids the manifest lacks are listed',
  );
});

t.test('a runtime needs the deployment URL and a key', async (t) => {
  t.match(
    thrown(() => definition.createRuntime(options())),
    { errorType: 'BadRequest', body: { provider: 'newapi' } },
  );
  t.match(
    thrown(() =>
      definition.createRuntime(options({ apiKey: undefined, baseURL: 'http://127.0.0.1:9/v1' })),
    ),
    { errorType: 'InvalidProviderAPIKey', body: { provider: 'newapi' } },
  );
});

void t.test('the conformance kit', conformance);
