import t from 'tap';
import type { ProviderDefinition, TextToImageRequest } from '@manifold/core/contract/runtime';
import type { ProviderManifestInput } from '@manifold/core/contract/provider-manifest';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { PluginSource } from '@manifold/gateway/discovery';
import { providerPlugin } from '@manifold/gateway/provider-plugin';
import { authHeader, startGateway } from '../helpers/gateway.js';
import { NO_PROVIDERS } from '../helpers/paths.js';

const manifest = (id: string): ProviderManifestInput => ({
  id,
  name: id,
  sdkType: 'test',
  keyVault: [{ field: 'apiKey', required: true, secret: true, label: 'API Key' }],
  settings: {},
  models: [],
});

/** What the painter runtime saw, and a way to wait for its slow call to start and be aborted. */
const seen: { requests: TextToImageRequest[]; userIds: Array<string | undefined> } = {
  requests: [],
  userIds: [],
};
let slowStarted: () => void = () => undefined;
let slowAborted: () => void = () => undefined;

const painter: ProviderDefinition = {
  manifest: manifest('painter'),
  createRuntime: () => ({
    chat: () => Promise.reject(new ManifoldError('BadRequest', { message: 'images only' })),
    async textToImage(request, context) {
      seen.requests.push(request);
      seen.userIds.push(context.userId);
      if (request.model === 'refuse') {
        throw new ManifoldError('ProviderBizError', { provider: 'painter', message: 'no art' });
      }
      if (request.model === 'slow') {
        slowStarted();
        await new Promise<void>((resolve) =>
          context.signal.addEventListener('abort', () => resolve(), { once: true }),
        );
        slowAborted();
        return [];
      }
      return Array.from({ length: request.n ?? 1 }, (_, index) => `https://img.test/${index}.png`);
    },
  }),
};

const chatOnly: ProviderDefinition = {
  manifest: manifest('talker'),
  createRuntime: () => ({
    chat: () => Promise.reject(new ManifoldError('BadRequest', { message: 'unused' })),
  }),
};

const sources: PluginSource[] = [painter, chatOnly].map((definition) => ({
  label: definition.manifest.id,
  source: 'builtin',
  load: async () => ({ default: providerPlugin(definition) }),
}));

const gateway = () =>
  startGateway(
    t,
    { PAINTER_API_KEY: 'k', TALKER_API_KEY: 'k' },
    { providersDir: NO_PROVIDERS, sources },
  );
let booted: ReturnType<typeof gateway> | undefined;
const shared = () => (booted ??= gateway());

async function post(path: string, body: unknown, headers?: Record<string, string>) {
  const { url } = await shared();
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: headers ?? (await authHeader({ userId: 'u-1' })),
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, any> };
}

t.test(
  'a valid request answers {images} with the runtime URLs and passes the body on',
  async (t) => {
    const body = { model: 'flux', prompt: 'a red fox', n: 2, size: '512x768', quality: 'hd' };
    const { status, json } = await post('/webapi/text-to-image/painter', body);
    t.equal(status, 200);
    t.same(json, { images: ['https://img.test/0.png', 'https://img.test/1.png'] });
    t.same(seen.requests.at(-1), body);
    t.equal(seen.userIds.at(-1), 'u-1', "the token's user id reaches the runtime");
  },
);

const badBodies: Array<[string, Record<string, unknown>, RegExp]> = [
  ['a missing prompt', { model: 'flux' }, /prompt/],
  ['an empty prompt', { model: 'flux', prompt: '' }, /prompt/],
  ['an empty model', { model: '', prompt: 'x' }, /model/],
  ['n of 0', { model: 'flux', prompt: 'x', n: 0 }, /\bn\b/],
  ['n of 11', { model: 'flux', prompt: 'x', n: 11 }, /\bn\b/],
  ['a fractional n', { model: 'flux', prompt: 'x', n: 1.5 }, /\bn\b/],
  ['a size without x', { model: 'flux', prompt: 'x', size: '1024' }, /size/],
  ['a numeric style', { model: 'flux', prompt: 'x', style: 3 }, /style/],
];
for (const [name, body, field] of badBodies) {
  t.test(`${name} is 400 BadRequest naming the field`, async (t) => {
    const { status, json } = await post('/webapi/text-to-image/painter', body);
    t.equal(status, 400);
    t.equal(json.errorType, 'BadRequest');
    t.match(json.body.message, field);
  });
}

t.test('an unknown provider is 404', async (t) => {
  const { status, json } = await post('/webapi/text-to-image/nobody', { model: 'm', prompt: 'x' });
  t.equal(status, 404);
  t.match(json, { errorType: 404, body: { message: /Unknown provider "nobody"/ } });
});

t.test('a provider without image generation is 405 saying so, like embeddings', async (t) => {
  const { status, json } = await post('/webapi/text-to-image/talker', { model: 'm', prompt: 'x' });
  t.equal(status, 405);
  t.same(json, {
    errorType: 405,
    body: { message: 'talker does not generate images', provider: 'talker' },
  });
});

t.test('a request without the auth header is 401 InvalidAccessCode', async (t) => {
  const { status, json } = await post(
    '/webapi/text-to-image/painter',
    { model: 'flux', prompt: 'x' },
    { 'content-type': 'application/json' },
  );
  t.equal(status, 401);
  t.equal(json.errorType, 'InvalidAccessCode');
});

t.test("a runtime's refusal is its HTTP error with the contract body", async (t) => {
  const { status, json } = await post('/webapi/text-to-image/painter', {
    model: 'refuse',
    prompt: 'x',
  });
  t.equal(status, 471);
  t.same(json, { errorType: 'ProviderBizError', body: { provider: 'painter', message: 'no art' } });
});

t.test('a client that disconnects aborts the signal the runtime got', async (t) => {
  const { url } = await shared();
  const started = new Promise<void>((resolve) => (slowStarted = resolve));
  const aborted = new Promise<void>((resolve) => (slowAborted = resolve));
  const controller = new AbortController();
  const answer = fetch(`${url}/webapi/text-to-image/painter`, {
    method: 'POST',
    headers: await authHeader(),
    body: JSON.stringify({ model: 'slow', prompt: 'x' }),
    signal: controller.signal,
  }).catch((error: Error) => error.name);
  await started;
  controller.abort();
  t.equal(await answer, 'AbortError');
  await aborted;
  t.pass('the runtime saw the abort');
});
