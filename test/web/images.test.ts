import t from 'tap';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { verifyToken } from '@manifold/core/auth/token';
import {
  $generations,
  $imageModel,
  $imageProvider,
  $imageProviders,
  generate,
  selectImageProvider,
} from '../../web/src/features/images/stores/images.js';
import { $providerSettings } from '../../web/src/features/providers/stores/provider-settings.js';
import { $providers } from '../../web/src/features/providers/stores/providers.js';
import type { FetchImpl } from '../../web/src/lib/api.js';

const card = (id: string, type: ModelCard['type'], enabled = true): ModelCard =>
  ({ id, type, enabled, abilities: {}, source: 'builtin' }) as ModelCard;

const manifest = (id: string, enabled: boolean, models: ModelCard[]) =>
  ({
    id,
    name: id.toUpperCase(),
    sort: 0,
    enabled,
    settings: {},
    models,
  }) as unknown as ProviderManifest;

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

t.beforeEach(() => {
  $providerSettings.set({});
  $generations.set([]);
  $providers.set([
    manifest('chatonly', true, [card('talk', 'chat')]),
    manifest('painter', true, [card('flux-off', 'image', false), card('flux', 'image')]),
    manifest('sleeping', false, [card('dream', 'image')]),
  ]);
  selectImageProvider('');
});

t.test('only enabled providers with a switched-on image model are offered', async (t) => {
  t.same(
    $imageProviders.get().map((p) => p.id),
    ['painter'],
  );
  t.equal($imageProvider.get()?.id, 'painter', 'the first one is chosen by default');
  t.equal($imageModel.get(), 'flux', 'its first switched-on image model');
  $providerSettings.set({ sleeping: { enabled: true, vault: {} } });
  t.same(
    $imageProviders.get().map((p) => p.id),
    ['painter', 'sleeping'],
    'switching a provider on in settings offers it',
  );
});

t.test('generate posts the request with the key vault and lists the images', async (t) => {
  $providerSettings.set({ painter: { vault: { apiKey: 'fal-key' } } });
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetch: FetchImpl = async (url, init) => {
    calls.push({ url, init });
    return json({ images: ['https://img.example/1.png', 'data:image/png;base64,AA'] });
  };
  const result = await generate({ prompt: '  a red fox ', n: 9, size: '1024x1024' }, fetch);
  t.equal(calls[0]?.url, '/webapi/text-to-image/painter');
  t.same(
    JSON.parse(String(calls[0]?.init?.body)),
    {
      model: 'flux',
      prompt: 'a red fox',
      n: 4,
      size: '1024x1024',
    },
    'trimmed prompt, n held to 1–4',
  );
  const token = (calls[0]?.init?.headers as Record<string, string>)['x-manifold-auth'];
  t.match(
    await verifyToken(String(token), { allowUnsigned: false }),
    { apiKey: 'fal-key' },
    'the vault is in the token',
  );
  t.match(result, {
    state: 'done',
    images: ['https://img.example/1.png', 'data:image/png;base64,AA'],
  });
  t.equal($generations.get()[0]?.state, 'done');
});

t.test('a refused generation keeps its error type; an empty prompt sends nothing', async (t) => {
  let calls = 0;
  const fetch: FetchImpl = async () => {
    calls++;
    return json({ errorType: 'InvalidProviderAPIKey', body: { provider: 'painter' } }, 401);
  };
  const failed = await generate({ prompt: 'a fox', n: 1, size: '1024x1024' }, fetch);
  t.match(failed, { state: 'error', errorType: 'InvalidProviderAPIKey' });
  t.equal(await generate({ prompt: '   ', n: 1, size: '1024x1024' }, fetch), undefined);
  t.equal(calls, 1, 'the empty prompt made no request');
});
