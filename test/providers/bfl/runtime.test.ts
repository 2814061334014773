import t, { type Test } from 'tap';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import { definition } from '@manifold/provider-bfl';
import { recordingLogger } from '../../wires/openai/runtime-helpers.js';
import { sampleURL, startFakeBfl, type FakeBfl } from '@manifold/provider-kit/fakes/bfl';

const context = (signal = new AbortController().signal) => ({ signal, startedAt: Date.now() });

async function fake(t: Test): Promise<FakeBfl> {
  const server = await startFakeBfl();
  t.teardown(() => server.close());
  return server;
}

const runtime = (server: FakeBfl, overrides: Partial<RuntimeOptions> = {}) =>
  definition.createRuntime({
    providerId: 'bfl',
    apiKey: server.key,
    baseURL: `${server.url}/v1`,
    customBaseURL: true,
    env: { BFL_POLL_INTERVAL_MS: '2' },
    logger: recordingLogger(),
    ...overrides,
  });

/** The error a promise rejects with (it must reject). */
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => new Error('expected a rejection'),
    (error: unknown) => error,
  );

const generate = (server: FakeBfl, request: Record<string, unknown> = {}, overrides = {}) =>
  runtime(server, overrides).textToImage!(
    { model: 'flux-pro-1.1', prompt: 'a lighthouse', ...request },
    context(),
  );

t.test(
  'a task is created with x-key and the size, polled while Pending, read when Ready',
  async (t) => {
    const server = await fake(t);
    server.reply({ kind: 'image', pendingPolls: 2 });
    const images = await generate(server, { size: '1024x768', quality: 'hd', style: 'vivid' });
    t.same(images, [sampleURL('task-1')]);
    t.same(
      server.requests.map((r) => `${r.method} ${r.path}${r.search}`),
      [
        'POST /v1/flux-pro-1.1',
        'GET /v1/get_result?id=task-1',
        'GET /v1/get_result?id=task-1',
        'GET /v1/get_result?id=task-1',
      ],
    );
    t.same(server.requests[0]!.body, { prompt: 'a lighthouse', width: 1024, height: 768 });
    t.ok(
      server.requests.every((r) => r.key === server.key),
      'every call carries x-key',
    );
  },
);

t.test('n images are n tasks, each giving one sample', async (t) => {
  const server = await fake(t);
  const images = await generate(server, { n: 3 });
  t.equal(server.requests.filter((r) => r.method === 'POST').length, 3);
  t.same([...images].sort(), ['task-1', 'task-2', 'task-3'].map(sampleURL));
});

t.test('Ultra and Kontext get the size as a reduced aspect ratio', async (t) => {
  const server = await fake(t);
  await generate(server, { model: 'flux-pro-1.1-ultra', size: '1920x1080' });
  t.same(server.requests[0]!.body, { prompt: 'a lighthouse', aspect_ratio: '16:9' });
});

const endings: Array<[string, string, RegExp]> = [
  ['Request Moderated', 'moderated', /refused the prompt \(Request Moderated\)/],
  ['Content Moderated', 'moderated', /withheld the generated image \(Content Moderated\)/],
  ['Error', 'failed', /could not generate the image \(Error\)/],
  ['Task not found', 'not_found', /lost the task \(Task not found\)/],
];
for (const [status, reason, message] of endings) {
  t.test(`a task ending "${status}" is ProviderBizError saying so`, async (t) => {
    const server = await fake(t);
    server.reply({ kind: 'end', status: status as 'Error' });
    t.match(await failure(generate(server)), {
      errorType: 'ProviderBizError',
      body: { provider: 'bfl', reason, message, error: { status } },
    });
  });
}

t.test('a wrong key is InvalidProviderAPIKey with the detail, the key redacted', async (t) => {
  const server = await fake(t);
  const error = await failure(generate(server, {}, { apiKey: 'wrong-key-456' }));
  t.match(error, {
    errorType: 'InvalidProviderAPIKey',
    body: { message: 'Not authenticated - Invalid Authentication' },
  });
  t.notMatch(JSON.stringify(error), /wrong-key-456/);
});

t.test(
  'refusals map by status: 422 ProviderBizError, 402 InsufficientQuota, 429 QuotaLimitReached',
  async (t) => {
    const server = await fake(t);
    const detail = [
      { loc: ['body', 'width'], msg: 'Input should be a multiple of 32', type: 'multiple_of' },
    ];
    server.reply(
      { kind: 'refuse', status: 422, body: { detail } },
      { kind: 'refuse', status: 402, body: { detail: 'Insufficient credits' } },
      { kind: 'refuse', status: 429, body: { detail: 'Too many active tasks' } },
    );
    t.match(await failure(generate(server, { size: '1000x1000' })), {
      errorType: 'ProviderBizError',
      body: { message: 'Input should be a multiple of 32', error: { detail } },
    });
    t.match(await failure(generate(server)), { errorType: 'InsufficientQuota' });
    t.match(await failure(generate(server)), { errorType: 'QuotaLimitReached' });
  },
);

t.test('a task that stays Pending gives up with a 504 after the poll timeout', async (t) => {
  const server = await fake(t);
  server.reply({ kind: 'stuck' });
  const env = { BFL_POLL_INTERVAL_MS: '2', BFL_POLL_TIMEOUT_MS: '30' };
  t.match(await failure(generate(server, {}, { env })), {
    errorType: 504,
    body: { provider: 'bfl', reason: 'timeout' },
  });
});

t.test('a caller abort while polling stops at once with the abort reason', async (t) => {
  const server = await fake(t);
  server.reply({ kind: 'stuck' });
  const controller = new AbortController();
  const waiting = runtime(server, { env: { BFL_POLL_INTERVAL_MS: '20' } }).textToImage!(
    { model: 'flux-dev', prompt: 'x' },
    context(controller.signal),
  );
  while (server.requests.length < 2) await new Promise((resolve) => setImmediate(resolve));
  const reason = new Error('client gone');
  controller.abort(reason);
  t.equal(await failure(waiting), reason);
});

t.test('a model id with a path in it is refused before anything is sent', async (t) => {
  const server = await fake(t);
  t.match(await failure(generate(server, { model: '../v2/admin' })), {
    errorType: 'BadRequest',
    body: { field: 'model' },
  });
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
  t.match(await failure(runtime(server).chat({ model: 'flux-dev', messages: [] }, context())), {
    errorType: 'BadRequest',
    body: { message: /only generates images/ },
  });
});

t.test('the manifest is an enabled, server-only image provider with an API key only', async (t) => {
  const { manifest } = definition;
  t.match(manifest, {
    id: 'bfl',
    name: 'Black Forest Labs',
    enabled: true,
    settings: { disableBrowserRequest: true },
  });
  t.same(
    manifest.keyVault.map((field) => field.field),
    ['apiKey'],
  );
  t.ok(manifest.models.length >= 4 && manifest.models.every((model) => model.type === 'image'));
});
