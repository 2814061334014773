import t, { type Test } from 'tap';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import { definition } from '@manifold/provider-fal';
import { recordingLogger } from '../../wires/openai/runtime-helpers.js';
import { startFakeFal, type FakeFal } from '@manifold/provider-kit/fakes/fal';

const MODEL = 'fal-ai/flux/schnell';
const context = (signal = new AbortController().signal) => ({ signal, startedAt: Date.now() });

async function fake(t: Test): Promise<FakeFal> {
  const server = await startFakeFal();
  t.teardown(() => server.close());
  return server;
}

const runtime = (server: FakeFal, overrides: Partial<RuntimeOptions> = {}) =>
  definition.createRuntime({
    providerId: 'fal',
    apiKey: server.key,
    baseURL: server.url,
    customBaseURL: true,
    env: { FAL_POLL_INTERVAL_MS: '2' },
    logger: recordingLogger(),
    ...overrides,
  });

/** The error a promise rejects with (it must reject). */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => new Error('expected a rejection'),
    (error: unknown) => error,
  );

const calls = (server: FakeFal) => server.requests.map((r) => `${r.method} ${r.path}`);

t.test('a queued request is submitted, polled through its states and read once done', async (t) => {
  const server = await fake(t);
  server.reply({ kind: 'images', pendingPolls: 2 });
  const images = await runtime(server).textToImage!(
    { model: MODEL, prompt: 'a red fox', size: '1024x768', quality: 'hd', style: 'vivid' },
    context(),
  );
  t.same(images, ['https://v3.fal.media/files/rabbit/generated.png']);
  t.same(calls(server), [
    'POST /fal-ai/flux/schnell',
    'GET /fal-ai/flux/requests/req-1/status',
    'GET /fal-ai/flux/requests/req-1/status',
    'GET /fal-ai/flux/requests/req-1/status',
    'GET /fal-ai/flux/requests/req-1',
  ]);
  t.same(server.requests[0]!.body, {
    prompt: 'a red fox',
    num_images: 1,
    image_size: { width: 1024, height: 768 },
  });
  t.ok(
    server.requests.every((request) => request.authorization === `Key ${server.key}`),
    'every call carries the key as "Key <key>"',
  );
});

t.test('n asks for that many images and every URL comes back, in order', async (t) => {
  const server = await fake(t);
  server.reply({
    kind: 'images',
    images: [{ url: 'https://f/1.png' }, { url: 'https://f/2.png' }],
  });
  const images = await runtime(server).textToImage!(
    { model: MODEL, prompt: 'two cats', n: 2 },
    context(),
  );
  t.same(images, ['https://f/1.png', 'https://f/2.png']);
  t.same(server.requests[0]!.body, { prompt: 'two cats', num_images: 2 });
});

t.test("a wrong key is InvalidProviderAPIKey with fal's detail, the key redacted", async (t) => {
  const server = await fake(t);
  const error = await runtime(server, { apiKey: 'wrong-key-123' }).textToImage!(
    { model: MODEL, prompt: 'x' },
    context(),
  ).catch((caught: unknown) => caught);
  t.match(error, {
    errorType: 'InvalidProviderAPIKey',
    body: { provider: 'fal', message: 'Invalid authentication credentials' },
  });
  t.notMatch(JSON.stringify(error), /wrong-key-123/);
});

t.test('a 403 on submission is InvalidProviderAPIKey too', async (t) => {
  const server = await fake(t);
  server.reply({
    kind: 'refuse',
    status: 403,
    body: { detail: 'User is locked. Reason: Exhausted balance.' },
  });
  t.match(await failure(runtime(server).textToImage!({ model: MODEL, prompt: 'x' }, context())), {
    errorType: 'InvalidProviderAPIKey',
    body: { message: /Exhausted balance/ },
  });
});

t.test('a refused submission is ProviderBizError with the detail entries as message', async (t) => {
  const server = await fake(t);
  const detail = [
    {
      loc: ['body', 'num_images'],
      msg: 'Input should be less than or equal to 4',
      type: 'less_than_equal',
    },
  ];
  server.reply({ kind: 'refuse', status: 422, body: { detail } });
  t.match(
    await failure(runtime(server).textToImage!({ model: MODEL, prompt: 'x', n: 9 }, context())),
    {
      errorType: 'ProviderBizError',
      body: { message: 'Input should be less than or equal to 4', error: { detail } },
    },
  );
});

t.test('a request that fails in the queue is ProviderBizError from its result', async (t) => {
  const server = await fake(t);
  const detail = [
    {
      loc: ['body', 'prompt'],
      msg: 'Content flagged by the safety checker',
      type: 'content_policy_violation',
    },
  ];
  server.reply({ kind: 'fail', status: 422, body: { detail } });
  t.match(await failure(runtime(server).textToImage!({ model: MODEL, prompt: 'x' }, context())), {
    errorType: 'ProviderBizError',
    body: { message: 'Content flagged by the safety checker' },
  });
  t.equal(calls(server).at(-1), 'GET /fal-ai/flux/requests/req-1');
});

t.test(
  'a request that never leaves the queue gives up with a 504 after the poll timeout',
  async (t) => {
    const server = await fake(t);
    server.reply({ kind: 'stuck' });
    const stuck = runtime(server, {
      env: { FAL_POLL_INTERVAL_MS: '2', FAL_POLL_TIMEOUT_MS: '30' },
    });
    t.match(await failure(stuck.textToImage!({ model: MODEL, prompt: 'x' }, context())), {
      errorType: 504,
      body: { provider: 'fal', reason: 'timeout' },
    });
    t.notOk(calls(server).includes('GET /fal-ai/flux/requests/req-1'), 'no result is read');
  },
);

t.test('a caller abort while polling stops at once with the abort reason', async (t) => {
  const server = await fake(t);
  server.reply({ kind: 'stuck' });
  const controller = new AbortController();
  const waiting = runtime(server, { env: { FAL_POLL_INTERVAL_MS: '20' } }).textToImage!(
    { model: MODEL, prompt: 'x' },
    context(controller.signal),
  );
  while (server.requests.length < 2) await new Promise((resolve) => setImmediate(resolve));
  const reason = new Error('client gone');
  controller.abort(reason);
  t.equal(await waiting.catch((caught: unknown) => caught), reason);
});

t.test('a model id that leaves the namespace is refused before anything is sent', async (t) => {
  const server = await fake(t);
  t.match(
    await failure(
      runtime(server).textToImage!({ model: 'fal-ai/../admin', prompt: 'x' }, context()),
    ),
    {
      errorType: 'BadRequest',
      body: { field: 'model' },
    },
  );
  t.same(server.requests, []);
});

t.test('without a key the runtime is not built, and chat is refused', async (t) => {
  const server = await fake(t);
  let built: unknown;
  try {
    built = runtime(server, { apiKey: undefined });
  } catch (error) {
    built = error;
  }
  t.match(built, { errorType: 'InvalidProviderAPIKey' });
  t.match(await failure(runtime(server).chat({ model: MODEL, messages: [] } as never, context())), {
    errorType: 'BadRequest',
    body: { message: /only generates images/ },
  });
});

t.test('the manifest is an enabled, server-only image provider', async (t) => {
  const { manifest } = definition;
  t.match(manifest, {
    id: 'fal',
    name: 'Fal',
    sdkType: 'fal',
    enabled: true,
    settings: { disableBrowserRequest: true },
  });
  t.same(
    manifest.keyVault.map((field) => field.field),
    ['apiKey'],
  );
  t.ok(manifest.models.length >= 4 && manifest.models.every((model) => model.type === 'image'));
});
