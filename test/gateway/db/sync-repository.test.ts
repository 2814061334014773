// The sync repository (core/gateway/src/sync/collections.ts) on both databases: a person's writes
// get strictly increasing `synced_at`, so paging by the cursor one row at a time sees every write,
// also one made between two pulls with a key that sorts first; the upsert keeps the later
// `updatedAt`; nothing crosses to another person.
import t, { type Test } from 'tap';
import { openDatabase } from '@manifold/gateway/db/database';
import { users } from '@manifold/gateway/db/schema/auth';
import {
  AGENTS,
  CONVERSATIONS,
  changesSince,
  findOwn,
  heldByAnother,
  softDelete,
  upsert,
  type Cursor,
} from '@manifold/gateway/sync/collections';
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

const at = (iso: string) => ({ updatedAt: new Date(iso), deletedAt: null });

for (const target of targets) {
  t.test(`on ${target.name}`, { skip: target.skip }, async (t) => {
    const database = await target.open(t);
    t.teardown(() => database.close());
    await database.migrate();
    const { db } = database;
    await db.insert(users).values([
      { id: 'ada', name: 'Ada', email: 'ada@example.com' },
      { id: 'bob', name: 'Bob', email: 'bob@example.com' },
    ]);

    t.test('writes follow each other strictly; the cursor misses none', async (t) => {
      const ids = Array.from({ length: 12 }, (_, index) => `z${String(index).padStart(2, '0')}`);
      for (const id of ids)
        await upsert(db, AGENTS, 'ada', id, { title: id }, at('2026-01-01T00:00:00Z'));
      const stamps = (await changesSince(db, AGENTS, 'ada', { limit: 100 })).rows.map((row) =>
        (row.syncedAt as Date).getTime(),
      );
      t.equal(stamps.length, ids.length);
      t.ok(
        stamps.every((stamp, index) => index === 0 || stamp > stamps[index - 1]!),
        'strictly increasing synced_at',
      );

      // pull one row at a time; after the first pull a row whose key sorts first is written
      let since: Cursor | undefined;
      const seen: string[] = [];
      for (let round = 0; round < 30; round++) {
        const page = await changesSince(db, AGENTS, 'ada', { since, limit: 1 });
        seen.push(...page.rows.map((row) => String(row.id)));
        since = page.next;
        if (round === 0)
          await upsert(db, AGENTS, 'ada', 'a-first', { title: 'late' }, at('2026-01-01T00:00:00Z'));
        if (!page.more && round > 0) break;
      }
      t.same(seen.sort(), [...ids, 'a-first'].sort(), 'every row, once');
    });

    t.test('the later updatedAt is kept', async (t) => {
      const first = await upsert(
        db,
        CONVERSATIONS,
        'ada',
        'c1',
        { title: 'new' },
        at('2026-02-01T10:00:00Z'),
      );
      t.equal(first.applied, true);
      const stale = await upsert(
        db,
        CONVERSATIONS,
        'ada',
        'c1',
        { title: 'old' },
        at('2026-02-01T09:00:00Z'),
      );
      t.equal(stale.applied, false);
      t.equal(stale.row.title, 'new');
      t.equal((await findOwn(db, CONVERSATIONS, 'ada', 'c1'))!.title, 'new');
    });

    t.test("another person's rows are neither seen nor touched", async (t) => {
      t.equal(await heldByAnother(db, CONVERSATIONS, 'bob', 'c1'), true);
      t.equal(await heldByAnother(db, CONVERSATIONS, 'ada', 'c1'), false);
      t.equal(await findOwn(db, CONVERSATIONS, 'bob', 'c1'), undefined);
      t.equal(await softDelete(db, CONVERSATIONS, 'bob', 'c1'), undefined);
      t.same((await changesSince(db, CONVERSATIONS, 'bob', { limit: 10 })).rows, []);
      t.equal((await findOwn(db, CONVERSATIONS, 'ada', 'c1'))!.deletedAt, null);
    });
  });
}
