// The schema's migrations on both databases the gateway runs on: the embedded PGlite and
// Debian's PostgreSQL 15 (a throwaway cluster for this file, test/helpers/postgres.ts).
import t, { type Test } from 'tap';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle } from '@manifold/gateway/db/database';
import { migrateLocked, MIGRATION_LOCK } from '@manifold/gateway/db/migrate';
import * as auth from '@manifold/gateway/db/schema/auth';
import * as conversations from '@manifold/gateway/db/schema/conversations';
import { describeTable, TABLES } from '@manifold/gateway/db/tables';
import { ROOT } from '../../helpers/paths.js';
import { postgresMissing, startPostgres } from '../../helpers/postgres.js';

// PGlite starts from an empty folder here (initdb in WebAssembly): slow when every file runs at once
t.setTimeout(180_000);
const cluster = postgresMissing ? undefined : await startPostgres(t);

/** Every table of the Drizzle schema: its name and sorted columns. */
const schemaTables = new Map(
  TABLES.map(describeTable).map(({ name, columns }) => [name, columns.sort()] as const),
);

const targets = [
  {
    name: 'PGlite',
    skip: false as const,
    open: (t: Test) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'manifold-db-'));
      t.teardown(() => rmSync(dataDir, { recursive: true, force: true }));
      return openDatabase({ dataDir });
    },
  },
  {
    name: 'PostgreSQL 15',
    skip: postgresMissing,
    open: async (_t: Test) => openDatabase({ url: await cluster!.createDatabase(), dataDir: '' }),
  },
];

for (const target of targets) {
  t.test(`on ${target.name}`, { skip: target.skip }, async (t) => {
    const database: DatabaseHandle = await target.open(t);
    t.teardown(() => database.close());
    await database.migrate();

    t.test('the migrations create every table and column of the schema', async (t) => {
      const rows = await database.rows<{ table: string; column: string }>(`
        select table_name as "table", column_name as "column" from information_schema.columns
        where table_schema = 'public' order by table_name, column_name`);
      const created = new Map<string, string[]>();
      for (const { table, column } of rows)
        created.set(table, [...(created.get(table) ?? []), column]);
      t.same(Object.fromEntries(created), Object.fromEntries(schemaTables));
      t.ok(schemaTables.has('users') && schemaTables.has('messages'), 'the schema was read');
    });

    t.test('applying the migrations again changes nothing', async (t) => {
      const count = async () =>
        (
          await database.rows<{ n: number }>(
            `select count(*) as n from drizzle.__drizzle_migrations`,
          )
        )[0]!.n;
      const before = await count();
      t.ok(before >= 1, 'the applied migrations are recorded');
      await database.migrate();
      t.equal(await count(), before);
    });

    t.test('a migration runs holding the advisory lock, released afterwards', async (t) => {
      const advisoryLocks = async () =>
        (
          await database.rows<{ n: number }>(
            `select count(*) as n from pg_locks where locktype = 'advisory' and granted`,
          )
        )[0]!.n;
      let during = -1;
      await migrateLocked(
        (statement) => database.db.execute(statement),
        async () => {
          during = await advisoryLocks();
        },
      );
      t.equal(during, 1, `the lock ${MIGRATION_LOCK} is held while migrating`);
      t.equal(await advisoryLocks(), 0, 'and released after');
    });

    t.test('big integers read as numbers while exact, as BigInt beyond', async (t) => {
      const [row] = await database.rows<Record<string, unknown>>(`
        select count(*) as counted, 9007199254740991::bigint as largest_exact,
          9223372036854775807::bigint as largest, (-42)::bigint as negative`);
      t.same(row, {
        counted: 1,
        largest_exact: 9007199254740991,
        largest: 9223372036854775807n,
        negative: -42,
      });
    });

    t.test('rows written through Drizzle read back with dates and JSON intact', async (t) => {
      const created = new Date('2025-01-02T03:04:05.678Z');
      await database.db.insert(auth.users).values({
        id: 'u1',
        name: 'Ada',
        email: 'ada@example.com',
        createdAt: created,
      });
      await database.db.insert(conversations.conversations).values({ userId: 'u1', id: 'c1' });
      await database.db.insert(conversations.messages).values({
        userId: 'u1',
        id: 'm1',
        conversationId: 'c1',
        role: 'assistant',
        content: 'Hi',
        reasoning: { content: 'think', signature: 'sig' },
        usage: { totalInputTokens: 9, totalOutputTokens: 3, totalTokens: 12 },
        tools: [
          {
            id: 'call_1',
            identifier: 'web-search',
            apiName: 'search',
            type: 'builtin',
            arguments: '{}',
          },
        ],
      });
      const [user] = await database.db.select().from(auth.users);
      t.same(user?.createdAt, created);
      t.ok(user?.updatedAt instanceof Date);
      const [message] = await database.db.select().from(conversations.messages);
      t.match(message, {
        reasoning: { content: 'think', signature: 'sig' },
        usage: { totalTokens: 12 },
        tools: [{ id: 'call_1', apiName: 'search' }],
        deletedAt: null,
      });
    });
  });
}

t.test(
  'two gateways migrating one PostgreSQL database at once take turns',
  { skip: postgresMissing },
  async (t) => {
    const url = await cluster!.createDatabase();
    const first = await openDatabase({ url, dataDir: '' });
    const second = await openDatabase({ url, dataDir: '' });
    t.teardown(() => Promise.all([first.close(), second.close()]));
    await Promise.all([first.migrate(), second.migrate()]);
    const journal = JSON.parse(
      readFileSync(join(ROOT, 'core', 'gateway', 'drizzle', 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const [applied] = await first.rows<{ n: number }>(
      'select count(*) as n from drizzle.__drizzle_migrations',
    );
    t.equal(applied?.n, journal.entries.length, 'each migration is recorded once');
    const [tables] = await second.rows<{ n: number }>(
      `select count(*) as n from information_schema.tables where table_schema = 'public'`,
    );
    t.equal(tables?.n, schemaTables.size, 'every table exists once');
  },
);
