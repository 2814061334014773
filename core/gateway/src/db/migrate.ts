import { fileURLToPath } from 'node:url';
import { sql, type SQL } from 'drizzle-orm';
import type { MigrationConfig } from 'drizzle-orm/migrator';

/** The SQL migrations drizzle-kit generated (`npm run db:generate`), beside `src` and `dist`. */
export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** The advisory lock key every Manifold process takes to migrate (any fixed 64-bit number). */
export const MIGRATION_LOCK = 0x6d616e69666f6c64n; // "manifold"

/**
 * Apply the migrations while holding a PostgreSQL advisory lock, so processes that start
 * together (several instances on one database) migrate one after the other: the first applies,
 * the others find nothing left to do. The lock is the session's, so `execute` must run on the
 * connection the migration uses.
 */
export async function migrateLocked(
  execute: (statement: SQL) => Promise<unknown>,
  migrate: (config: MigrationConfig) => Promise<void>,
): Promise<void> {
  await execute(sql`select pg_advisory_lock(${MIGRATION_LOCK})`);
  try {
    await migrate({ migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  }
}
