import t from 'tap';
import {
  createDefaultStorage,
  createIndexedDbStorage,
  createMemoryStorage,
} from '../../web/src/lib/storage.js';

t.test('memory storage gets, sets, deletes and lists keys', async (t) => {
  const storage = createMemoryStorage({ seeded: 1 });
  t.equal(await storage.get('seeded'), 1);
  t.equal(await storage.get('missing'), undefined);
  await storage.set('vault:openai', { apiKey: 'sk' });
  t.same(await storage.get('vault:openai'), { apiKey: 'sk' });
  t.same((await storage.keys()).sort(), ['seeded', 'vault:openai']);
  await storage.del('seeded');
  await storage.del('never-there');
  t.same(await storage.keys(), ['vault:openai']);
});

t.test('memory storage clones values like IndexedDB does', async (t) => {
  const storage = createMemoryStorage();
  const value = { list: [1] };
  await storage.set('k', value);
  value.list.push(2);
  const read = await storage.get<{ list: number[] }>('k');
  t.same(read, { list: [1] });
  read?.list.push(3);
  t.same(await storage.get('k'), { list: [1] });
});

t.test('IndexedDB storage opens nothing until used', async (t) => {
  t.doesNotThrow(() => createIndexedDbStorage());
  t.equal(typeof globalThis.indexedDB, 'undefined');
  const storage = createDefaultStorage();
  await storage.set('a', 1);
  t.equal(await storage.get('a'), 1, 'falls back to memory without IndexedDB');
});
