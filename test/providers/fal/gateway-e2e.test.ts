import t from 'tap';
import { authHeader, startGateway } from '../../helpers/gateway.js';
import { startFakeFal } from '@manifold/provider-kit/fakes/fal';

/** A gateway with only the fal provider, pointed at the fake through the server's env. */
async function gateway() {
  const fake = await startFakeFal();
  t.teardown(() => fake.close());
  const { url } = await startGateway(
    t,
    { FAL_PROXY_URL: fake.url, FAL_API_KEY: fake.key, FAL_POLL_INTERVAL_MS: '2' },
    {
      sources: [{ label: 'fal', source: 'builtin', load: () => import('@manifold/provider-fal') }],
    },
  );
  return { fake, url };
}
let booted: ReturnType<typeof gateway> | undefined;
const shared = () => (booted ??= gateway());

async function textToImage(body: unknown, token = {}) {
  const { url } = await shared();
  const response = await fetch(`${url}/webapi/text-to-image/fal`, {
    method: 'POST',
    headers: await authHeader(token),
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

t.test(
  'POST /webapi/text-to-image/fal answers the queued images with the server key',
  async (t) => {
    const { fake } = await shared();
    fake.reply({ kind: 'images', pendingPolls: 1, images: [{ url: 'https://f/a.png' }] });
    const { status, json } = await textToImage({
      model: 'fal-ai/qwen-image',
      prompt: 'a sign',
      n: 1,
    });
    t.equal(status, 200);
    t.same(json, { images: ['https://f/a.png'] });
    t.same(fake.requests.at(0)?.body, { prompt: 'a sign', num_images: 1 });
  },
);

t.test("a caller's own wrong key is 401 InvalidProviderAPIKey", async (t) => {
  const { status, json } = await textToImage(
    { model: 'fal-ai/flux/schnell', prompt: 'x' },
    { apiKey: 'not-the-key' },
  );
  t.equal(status, 401);
  t.match(json, { errorType: 'InvalidProviderAPIKey', body: { provider: 'fal' } });
});

t.test('GET /providers lists fal enabled by default with its image models', async (t) => {
  const { url } = await shared();
  const { providers } = (await (await fetch(`${url}/providers`)).json()) as {
    providers: Array<Record<string, any>>;
  };
  const fal = providers.find((provider) => provider.id === 'fal');
  t.match(fal, { enabled: true, serverKey: true, settings: { disableBrowserRequest: true } });
  t.ok(
    fal!.models.some(
      (model: { id: string; type: string }) =>
        model.id === 'fal-ai/flux/schnell' && model.type === 'image',
    ),
  );
});
