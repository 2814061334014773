import t from 'tap';
import { authHeader, startGateway } from '../../helpers/gateway.js';
import { sampleURL, startFakeBfl } from '@manifold/provider-kit/fakes/bfl';

/** A gateway with only the bfl provider, pointed at the fake's bare origin through the server's env. */
async function gateway() {
  const fake = await startFakeBfl();
  t.teardown(() => fake.close());
  const { url } = await startGateway(
    t,
    { BFL_PROXY_URL: fake.url, BFL_API_KEY: fake.key, BFL_POLL_INTERVAL_MS: '2' },
    {
      sources: [{ label: 'bfl', source: 'builtin', load: () => import('@manifold/provider-bfl') }],
    },
  );
  return { fake, url };
}
let booted: ReturnType<typeof gateway> | undefined;
const shared = () => (booted ??= gateway());

async function textToImage(body: unknown, token = {}) {
  const { url } = await shared();
  const response = await fetch(`${url}/webapi/text-to-image/bfl`, {
    method: 'POST',
    headers: await authHeader(token),
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

t.test(
  'POST /webapi/text-to-image/bfl answers one image per task with the server key',
  async (t) => {
    const { fake } = await shared();
    fake.reply({ kind: 'image', pendingPolls: 1 }, { kind: 'image' });
    const { status, json } = await textToImage({
      model: 'flux-dev',
      prompt: 'a sign',
      n: 2,
      size: '512x512',
    });
    t.equal(status, 200);
    t.same((json.images as string[]).sort(), [sampleURL('task-1'), sampleURL('task-2')]);
    t.same(fake.requests.at(0)?.path, '/v1/flux-dev', 'the bare proxy origin gets /v1');
    t.same(fake.requests.at(0)?.body, { prompt: 'a sign', width: 512, height: 512 });
  },
);

t.test("a caller's own wrong key is 401 InvalidProviderAPIKey", async (t) => {
  const { status, json } = await textToImage(
    { model: 'flux-dev', prompt: 'x' },
    { apiKey: 'not-the-key' },
  );
  t.equal(status, 401);
  t.match(json, { errorType: 'InvalidProviderAPIKey', body: { provider: 'bfl' } });
});

t.test('GET /providers lists bfl enabled by default with its image models', async (t) => {
  const { url } = await shared();
  const { providers } = (await (await fetch(`${url}/providers`)).json()) as {
    providers: Array<Record<string, any>>;
  };
  const bfl = providers.find((provider) => provider.id === 'bfl');
  t.match(bfl, { enabled: true, serverKey: true, settings: { disableBrowserRequest: true } });
  t.ok(
    bfl!.models.some(
      (model: { id: string; type: string }) =>
        model.id === 'flux-pro-1.1' && model.type === 'image',
    ),
  );
});
