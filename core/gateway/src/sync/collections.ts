// The synced collections of a person's data and the operations every one of them has: the rows
// changed since a cursor (soft-deleted ones included), an upsert with the client's id that the
// last writer wins (by `updatedAt`), and a soft delete. Every query names the person: no row of
// another person is ever read or written.
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { Database } from '../db/database.js';
import { agents } from '../db/schema/agents.js';
import { conversations, messages } from '../db/schema/conversations.js';
import { keyVaults, settings } from '../db/schema/preferences.js';

/** A row as Drizzle reads it. */
export type Row = Record<string, unknown>;

/** One synced table and the columns the sync operations use. */
export interface Collection {
  /** The name in routes and in the export document. */
  name: 'agents' | 'conversations' | 'messages' | 'keyVaults' | 'settings';
  table: PgTable;
  userId: AnyPgColumn;
  /** The row's key within the person's rows: `id`, `provider`, or `userId` for settings. */
  key: AnyPgColumn;
  /** The key's property name in Drizzle rows. */
  keyProperty: string;
  updatedAt: AnyPgColumn;
  deletedAt: AnyPgColumn;
  syncedAt: AnyPgColumn;
  /**
   * Ids are the clients' and unique across people: an id another person holds is refused (404),
   * so nobody can address, or learn anything from, another person's rows. Provider ids of key
   * vaults and the one settings row are per person by nature.
   */
  exclusiveIds: boolean;
}

const columns = (table: typeof agents | typeof conversations | typeof messages) => ({
  table,
  userId: table.userId,
  key: table.id,
  keyProperty: 'id',
  updatedAt: table.updatedAt,
  deletedAt: table.deletedAt,
  syncedAt: table.syncedAt,
  exclusiveIds: true,
});

export const AGENTS: Collection = { name: 'agents', ...columns(agents) };
export const CONVERSATIONS: Collection = { name: 'conversations', ...columns(conversations) };
export const MESSAGES: Collection = { name: 'messages', ...columns(messages) };
export const KEY_VAULTS: Collection = {
  name: 'keyVaults',
  table: keyVaults,
  userId: keyVaults.userId,
  key: keyVaults.provider,
  keyProperty: 'provider',
  updatedAt: keyVaults.updatedAt,
  deletedAt: keyVaults.deletedAt,
  syncedAt: keyVaults.syncedAt,
  exclusiveIds: false,
};
export const SETTINGS: Collection = {
  name: 'settings',
  table: settings,
  userId: settings.userId,
  key: settings.userId,
  keyProperty: 'userId',
  updatedAt: settings.updatedAt,
  deletedAt: settings.deletedAt,
  syncedAt: settings.syncedAt,
  exclusiveIds: false,
};

/** A position in a collection's changes: after the row synced at `at` with key `key`. */
export interface Cursor {
  at: Date;
  key: string;
}

/** The cursor as clients see it: opaque, base64url of `[ms, key]`. */
export const encodeCursor = (cursor: Cursor): string =>
  Buffer.from(JSON.stringify([cursor.at.getTime(), cursor.key]), 'utf8').toString('base64url');

/** Read a cursor a client sent back; a 400 naming `since` when it is not one of ours. */
export function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      Number.isSafeInteger(value[0]) &&
      typeof value[1] === 'string'
    )
      return { at: new Date(value[0] as number), key: value[1] };
  } catch {
    // not JSON: answered below
  }
  throw new ManifoldError('BadRequest', {
    message: 'querystring.since is not a cursor this server gave (use the `next` of an answer)',
    field: 'since',
  });
}

/**
 * The `synced_at` of a write: the database's clock, but always at least a millisecond after the
 * person's latest `synced_at` in the table. So a person's writes follow each other strictly, and a
 * write can never land at or before a position a pull has already passed (same millisecond, a
 * smaller key) — the cursor misses nothing.
 */
function nextSyncedAt(collection: Collection, userId: string): SQL {
  const synced = sql.identifier(collection.syncedAt.name);
  const owner = sql.identifier(collection.userId.name);
  return sql`greatest(clock_timestamp(), (select max(previous.${synced}) + interval '1 millisecond' from ${collection.table} previous where previous.${owner} = ${userId}))`;
}

/** One page of changes. */
export interface Changes {
  rows: Row[];
  /** Where the next pull starts: after the last row, else where this one started. */
  next: Cursor | undefined;
  /** More changes wait beyond this page. */
  more: boolean;
}

/** The person's rows changed after `since` (all of them without it), oldest change first. */
export async function changesSince(
  db: Database,
  collection: Collection,
  userId: string,
  options: { since?: Cursor | undefined; limit: number; where?: SQL | undefined },
): Promise<Changes> {
  const { since, limit } = options;
  const rows = (await db
    .select()
    .from(collection.table)
    .where(
      and(
        eq(collection.userId, userId),
        since
          ? sql`(${collection.syncedAt}, ${collection.key}) > (${since.at.toISOString()}::timestamptz, ${since.key})`
          : undefined,
        options.where,
      ),
    )
    .orderBy(asc(collection.syncedAt), asc(collection.key))
    .limit(limit + 1)) as Row[];
  const more = rows.length > limit;
  if (more) rows.length = limit;
  const last = rows.at(-1);
  return {
    rows,
    more,
    next: last ? { at: last.syncedAt as Date, key: String(last[collection.keyProperty]) } : since,
  };
}

/** Every row of the person that is not deleted (for the export). */
export function liveRows(db: Database, collection: Collection, userId: string): Promise<Row[]> {
  return db
    .select()
    .from(collection.table)
    .where(and(eq(collection.userId, userId), sql`${collection.deletedAt} is null`))
    .orderBy(asc(collection.key)) as Promise<Row[]>;
}

/** The person's row with this key (deleted or not), or undefined. */
export async function findOwn(
  db: Database,
  collection: Collection,
  userId: string,
  key: string,
): Promise<Row | undefined> {
  const [row] = (await db
    .select()
    .from(collection.table)
    .where(and(eq(collection.userId, userId), eq(collection.key, key)))) as Row[];
  return row;
}

/** True when another person holds this id (only for collections with exclusive ids). */
export async function heldByAnother(
  db: Database,
  collection: Collection,
  userId: string,
  key: string,
): Promise<boolean> {
  if (!collection.exclusiveIds) return false;
  const rows = await db
    .select({ key: collection.key })
    .from(collection.table)
    .where(and(eq(collection.key, key), ne(collection.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** The 404 of an id that is not the caller's (as for one that does not exist). */
export const notFound = (collection: Collection, key: string) =>
  new ManifoldError(404, {
    message:
      collection.name === 'settings'
        ? 'No settings stored'
        : collection.name === 'keyVaults'
          ? `No key vault for provider ${key}`
          : `No ${collection.name.replace(/s$/, '')} with id ${key}`,
  });

/** The times a write carries, already read from the body. */
export interface WriteTimes {
  createdAt?: Date | undefined;
  updatedAt: Date;
  deletedAt: Date | null;
}

/**
 * Insert or update the person's row `key` with `values` (its data columns) unless the stored row
 * was changed later (`updated_at` greater than this write's): last writer wins. Answers the row as
 * stored and whether this write was applied. The caller has checked the id is not another
 * person's.
 */
export async function upsert(
  db: Database,
  collection: Collection,
  userId: string,
  key: string,
  values: Row,
  times: WriteTimes,
): Promise<{ row: Row; applied: boolean }> {
  const set = {
    ...values,
    updatedAt: times.updatedAt,
    deletedAt: times.deletedAt,
    syncedAt: nextSyncedAt(collection, userId),
  };
  const target =
    collection.key === collection.userId
      ? [collection.userId]
      : [collection.userId, collection.key];
  const [written] = (await db
    .insert(collection.table)
    .values({
      ...set,
      userId,
      [collection.keyProperty]: key,
      ...(times.createdAt ? { createdAt: times.createdAt } : {}),
    } as never)
    .onConflictDoUpdate({
      target,
      set: set as never,
      setWhere: sql`${collection.updatedAt} <= ${times.updatedAt.toISOString()}::timestamptz`,
    })
    .returning()) as Row[];
  if (written) return { row: written, applied: true };
  const stored = await findOwn(db, collection, userId, key);
  if (!stored) throw new Error(`the ${collection.name} row ${key} vanished during its upsert`);
  return { row: stored, applied: false };
}

/**
 * Mark the person's row deleted (and changed now); `extra` are more columns to set (a key vault
 * forgets its secret). Answers the row, or undefined when the person has no row with this key.
 * Deleting a deleted row changes nothing.
 */
export async function softDelete(
  db: Database,
  collection: Collection,
  userId: string,
  key: string,
  extra: Row = {},
): Promise<Row | undefined> {
  const now = new Date();
  const [row] = (await db
    .update(collection.table)
    .set({
      ...extra,
      updatedAt: now,
      deletedAt: now,
      syncedAt: nextSyncedAt(collection, userId),
    } as never)
    .where(
      and(
        eq(collection.userId, userId),
        eq(collection.key, key),
        sql`${collection.deletedAt} is null`,
      ),
    )
    .returning()) as Row[];
  return row ?? (await findOwn(db, collection, userId, key));
}

/**
 * Deleting a conversation deletes its messages too (soft, so other devices learn of it).
 */
export async function softDeleteMessagesOf(
  db: Database,
  userId: string,
  conversationId: string,
): Promise<void> {
  const now = new Date();
  await db
    .update(messages)
    .set({ updatedAt: now, deletedAt: now, syncedAt: nextSyncedAt(MESSAGES, userId) })
    .where(
      and(
        eq(messages.userId, userId),
        eq(messages.conversationId, conversationId),
        sql`${messages.deletedAt} is null`,
      ),
    );
}

/** Only one agent is the default for new chats: setting one clears it on the others. */
export async function clearOtherDefaults(
  db: Database,
  userId: string,
  agentId: string,
  updatedAt: Date,
): Promise<void> {
  await db
    .update(agents)
    .set({
      isDefault: false,
      updatedAt: sql`greatest(${agents.updatedAt}, ${updatedAt.toISOString()}::timestamptz)`,
      syncedAt: nextSyncedAt(AGENTS, userId),
    })
    .where(and(eq(agents.userId, userId), ne(agents.id, agentId), eq(agents.isDefault, true)));
}

/** True when the person has the conversation (deleted or not). */
export async function hasConversation(
  db: Database,
  userId: string,
  conversationId: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.id, conversationId)));
  return rows.length > 0;
}
