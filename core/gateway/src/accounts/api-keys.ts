import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/database.js';
import { apiKeys } from '../db/schema/api-keys.js';
import { users } from '../db/schema/auth.js';
import type { AccountUser } from '../auth.js';

/** Every key starts with this (CONTRACT §9). */
export const API_KEY_PREFIX = 'mk-';
/** `mk-` and 43 base64url characters: 256 random bits. */
const KEY_SHAPE = /^mk-[A-Za-z0-9_-]{43}$/;
/** How much of a key is kept to tell keys apart (`mk-` and 6 characters). */
const START_LENGTH = 9;

/** A key as listed (never the key itself). */
export interface ApiKeyInfo {
  id: string;
  name: string;
  start: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

const digest = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

/** A person's API keys (CONTRACT §9): made, listed, revoked, and checked when used. */
export function apiKeyRepository(db: Database) {
  return {
    /** Make a key for the user; the returned `key` is the only time it is seen. */
    async create(userId: string, name: string): Promise<{ id: string; name: string; key: string }> {
      const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
      const id = randomUUID();
      await db.insert(apiKeys).values({
        id,
        userId,
        name,
        start: key.slice(0, START_LENGTH),
        keyHash: digest(key),
      });
      return { id, name, key };
    },

    /** The user's keys, oldest first. */
    list(userId: string): Promise<ApiKeyInfo[]> {
      return db
        .select({
          id: apiKeys.id,
          name: apiKeys.name,
          start: apiKeys.start,
          createdAt: apiKeys.createdAt,
          lastUsedAt: apiKeys.lastUsedAt,
        })
        .from(apiKeys)
        .where(eq(apiKeys.userId, userId))
        .orderBy(asc(apiKeys.createdAt), asc(apiKeys.id));
    },

    /** Revoke one of the user's keys; false when the user has no key with this id. */
    async remove(userId: string, id: string): Promise<boolean> {
      const removed = await db
        .delete(apiKeys)
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .returning({ id: apiKeys.id });
      return removed.length > 0;
    },

    /** The owner of a key, noting that it was used; undefined for an unknown or malformed key. */
    async verify(key: string): Promise<AccountUser | undefined> {
      if (!KEY_SHAPE.test(key)) return undefined;
      const hash = digest(key);
      const [row] = await db
        .select({
          keyId: apiKeys.id,
          keyHash: apiKeys.keyHash,
          id: users.id,
          email: users.email,
          name: users.name,
        })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(eq(apiKeys.keyHash, hash));
      if (!row || !timingSafeEqual(Buffer.from(row.keyHash, 'hex'), Buffer.from(hash, 'hex')))
        return undefined;
      await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, row.keyId));
      return { id: row.id, email: row.email, name: row.name };
    },
  };
}

/** The API key repository's interface. */
export type ApiKeyRepository = ReturnType<typeof apiKeyRepository>;
