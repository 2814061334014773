import { join, resolve } from 'node:path';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { lockDataDir } from './lock.js';

/** The Drizzle database, whichever driver is under it. */
export type Database = PgDatabase<PgQueryResultHKT>;

/** An open database: Drizzle, raw queries, migrations, closing. */
export interface DatabaseHandle {
  db: Database;
  /** `pglite` (embedded, in `DATA_DIR`) or `postgres` (`DATABASE_URL`). */
  driver: 'pglite' | 'postgres';
  /** Run a raw query and return its rows (both drivers give rows alike, see `readInt8`). */
  rows<Row extends Record<string, unknown>>(query: SQL | string): Promise<Row[]>;
  /** Apply the committed migrations under a PostgreSQL advisory lock (`migrate.ts`). */
  migrate(): Promise<void>;
  /** Close the connections (and free `DATA_DIR`). */
  close(): Promise<void>;
}

/** Where the database is: `DATABASE_URL`, else the embedded one in `DATA_DIR`. */
export interface DatabaseOptions {
  url?: string | undefined;
  dataDir: string;
}

/** PostgreSQL's type id of `bigint` (int8). */
const INT8 = 20;

/**
 * Read a `bigint` value the same from both drivers (`pg` gives strings, PGlite numbers): a number
 * while it is exact (|n| ≤ 2^53 − 1), a `BigInt` beyond. Counts (`count(*)`) and credits read as
 * plain numbers. `bigint` columns are declared `{ mode: 'number' }` for the same reading.
 */
export function readInt8(text: string): number | bigint {
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : BigInt(text);
}

/** The folder of the embedded database inside `DATA_DIR`. */
export const embeddedFolder = (dataDir: string) => join(resolve(dataDir), 'pglite');

/**
 * Open the database: PostgreSQL through `pg` when a URL is given, else PGlite in `DATA_DIR`
 * (locked to this process first). Drivers are imported here, so a gateway without accounts never
 * loads them.
 */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const { migrateLocked } = await import('./migrate.js');
  if (options.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    // Drizzle reads other types through pg's global parsers: int8 must be read as PGlite reads it.
    pg.types.setTypeParser(INT8, readInt8);
    const pool = new pg.Pool({ connectionString: options.url, max: 10 });
    // an idle connection that fails (server restart) must not crash the process
    pool.on('error', () => {});
    const db = drizzle(pool);
    return {
      db,
      driver: 'postgres',
      rows: async <Row extends Record<string, unknown>>(query: SQL | string) =>
        (await db.execute(query)).rows as Row[],
      migrate: async () => {
        // The advisory lock is held by a session: one connection for the whole migration.
        const client = await pool.connect();
        try {
          const session = drizzle(client);
          await migrateLocked(
            (statement) => session.execute(statement),
            (config) => migrate(session, config),
          );
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const release = lockDataDir(options.dataDir);
  try {
    const { PGlite } = await import('@electric-sql/pglite');
    const { drizzle } = await import('drizzle-orm/pglite');
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    const client = new PGlite(embeddedFolder(options.dataDir), { parsers: { [INT8]: readInt8 } });
    await client.waitReady;
    const db = drizzle(client);
    return {
      db,
      driver: 'pglite',
      rows: async <Row extends Record<string, unknown>>(query: SQL | string) =>
        (await db.execute(query)).rows as Row[],
      migrate: () =>
        migrateLocked(
          (statement) => db.execute(statement),
          (config) => migrate(db, config),
        ),
      close: async () => {
        try {
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}
