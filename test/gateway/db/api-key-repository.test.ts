// The API key repository on both databases: keys are kept as digests, checked by digest, listed
// and revoked only for their owner.
import t, { type Test } from 'tap';
import { apiKeyRepository } from '@manifold/gateway/accounts/api-keys';
import { openDatabase } from '@manifold/gateway/db/database';
import { users } from '@manifold/gateway/db/schema/auth';
import { migratedDataDir } from '../../helpers/pglite.js';
import { postgresMissing, startPostgres } from '../../helpers/postgres.js';

const cluster = postgresMissing ? undefined : await startPostgres(t);

const targets = [
  {
    name: 'PGlite',
    skip: false as const,
    open: async (t: Test) => openDatabase({ dataDir: await migratedDataDir(t) }),
  },
  {
    name: 'PostgreSQL 15',
    skip: postgresMissing,
    open: async (_t: Test) => openDatabase({ url: await cluster!.createDatabase(), dataDir: '' }),
  },
];

for (const target of targets) {
  t.test(`on ${target.name}`, { skip: target.skip }, async (t) => {
    const database = await target.open(t);
    t.teardown(() => database.close());
    await database.migrate();
    await database.db.insert(users).values([
      { id: 'ada', name: 'Ada', email: 'ada@example.com' },
      { id: 'bob', name: 'Bob', email: 'bob@example.com' },
    ]);
    const keys = apiKeyRepository(database.db);

    t.test('a made key verifies as its owner and is listed without the key', async (t) => {
      const made = await keys.create('ada', 'laptop');
      t.match(made, { id: String, name: 'laptop', key: /^mk-[\w-]{43}$/ });
      t.same(await keys.verify(made.key), { id: 'ada', email: 'ada@example.com', name: 'Ada' });
      const [listed] = await keys.list('ada');
      t.match(listed, { id: made.id, name: 'laptop', start: made.key.slice(0, 9) });
      t.ok(listed?.createdAt instanceof Date);
      t.ok(listed?.lastUsedAt instanceof Date, 'verifying marks it used');
      t.notOk(JSON.stringify(await keys.list('ada')).includes(made.key));
    });

    t.test('unknown, malformed and revoked keys do not verify', async (t) => {
      const made = await keys.create('ada', 'temporary');
      t.equal(
        await keys.verify(`${made.key.slice(0, -1)}${made.key.endsWith('A') ? 'B' : 'A'}`),
        undefined,
      );
      t.equal(await keys.verify('mk-short'), undefined);
      t.equal(await keys.verify(`sk-${made.key.slice(3)}`), undefined);
      t.equal(await keys.remove('ada', made.id), true);
      t.equal(await keys.verify(made.key), undefined);
    });

    t.test('another person neither lists nor revokes a key', async (t) => {
      const made = await keys.create('ada', 'mine');
      t.notOk((await keys.list('bob')).some((key) => key.id === made.id));
      t.equal(await keys.remove('bob', made.id), false);
      t.same((await keys.verify(made.key))?.id, 'ada', 'it still works');
    });
  });
}
