import t from 'tap';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderManifest } from '@manifold/core/contract/provider-manifest';
import { verifyToken } from '@manifold/core/auth/token';
import {
  $generations,
  $imageModel,
  $imageProvider,
  $imageProviders,
  deleteGeneration,
  deleteImage,
  downloadName,
  generate,
  loadGenerations,
  selectImageProvider,
  setImageStorage,
  type StoredGeneration,
} from '../../web/src/features/images/stores/images.js';
import { createMemoryStorage } from '../../web/src/lib/storage.js';
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
  setImageStorage(createMemoryStorage());
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

t.test('a finished generation is kept and listed again after a reload', async (t) => {
  const storage = createMemoryStorage();
  setImageStorage(storage);
  $providerSettings.set({ painter: { vault: { apiKey: 'k' } } });
  const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  const fetch: FetchImpl = async (url) =>
    url.startsWith('/webapi/')
      ? json({
          images: [
            `data:image/png;base64,${Buffer.from(png).toString('base64')}`,
            'https://cdn.example/2.webp',
          ],
        })
      : url === 'https://cdn.example/2.webp'
        ? new Response(new Blob([png], { type: 'image/webp' }))
        : new Response('no', { status: 404 });
  const done = await generate({ prompt: 'a fox', n: 2, size: '1024x1024' }, fetch);
  const key = `generation:${done?.id}`;
  t.same(await storage.keys(), [key], 'kept under its id');
  const record = await storage.get<StoredGeneration>(key);
  t.match(record, { prompt: 'a fox', provider: 'painter', model: 'flux', size: '1024x1024' });
  t.ok(
    record?.images.every((image) => image instanceof Blob),
    'the images are kept as files',
  );
  t.same(
    record?.images.map((image) => (image as Blob).type),
    ['image/png', 'image/webp'],
  );

  // A reload: the list starts empty and is read back from storage.
  setImageStorage(storage);
  t.same($generations.get(), []);
  await loadGenerations();
  const [again] = $generations.get();
  t.match(again, { id: done?.id, state: 'done', prompt: 'a fox' });
  t.ok(
    again?.images.every((src) => src.startsWith('blob:')),
    'shown from object URLs',
  );
});

t.test('an image the page may not read is kept by its URL', async (t) => {
  const storage = createMemoryStorage();
  setImageStorage(storage);
  const fetch: FetchImpl = async (url) => {
    if (url.startsWith('/webapi/')) return json({ images: ['https://elsewhere.example/x.png'] });
    throw new TypeError('Failed to fetch'); // CORS
  };
  const done = await generate({ prompt: 'x', n: 1, size: '1024x1024' }, fetch);
  const record = await storage.get<StoredGeneration>(`generation:${done?.id}`);
  t.same(record?.images, ['https://elsewhere.example/x.png']);
});

t.test('deleting an image, then the last one, removes the generation everywhere', async (t) => {
  const storage = createMemoryStorage();
  setImageStorage(storage);
  const fetch: FetchImpl = async (url) =>
    url.startsWith('/webapi/')
      ? json({ images: ['data:image/png;base64,AA', 'data:image/png;base64,AQ'] })
      : globalThis.fetch(url);
  const done = await generate({ prompt: 'two', n: 2, size: '1024x1024' }, fetch);
  const id = String(done?.id);
  await deleteImage(id, 0);
  t.same($generations.get()[0]?.images, ['data:image/png;base64,AQ']);
  t.equal((await storage.get<StoredGeneration>(`generation:${id}`))?.images.length, 1);
  await deleteImage(id, 0);
  t.same($generations.get(), [], 'the last image takes the generation with it');
  t.same(await storage.keys(), []);

  const other = await generate({ prompt: 'three', n: 1, size: '1024x1024' }, fetch);
  await deleteGeneration(String(other?.id));
  t.same(await storage.keys(), []);
});

t.test('downloadName: the prompt as a slug, the number and the type', async (t) => {
  t.equal(downloadName('A red fox, in the snow!', 0, 'image/png'), 'a-red-fox-in-the-snow-1.png');
  t.equal(downloadName('一只红狐狸', 1, 'image/jpeg'), '一只红狐狸-2.jpg', 'any script');
  t.equal(downloadName('???', 0), 'image-1.png', 'nothing left: "image"');
  t.equal(downloadName('x', 2, undefined, 'data:image/webp;base64,AA'), 'x-3.webp');
  t.equal(downloadName('x', 0, '', 'https://cdn.example/a.JPEG?sig=1'), 'x-1.jpg');
  t.equal(downloadName('word '.repeat(30), 0, 'image/png').length <= 48 + 6, true, 'kept short');
});
