import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from '../columns.js';
import { users } from './auth.js';

/**
 * Personal API keys (CONTRACT §9): only a SHA-256 digest of the key is kept; the key itself is
 * shown once, when it is made. Revoking deletes the row.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The key's first characters (`mk-` and a few more), so a person can tell keys apart. */
    start: text('start').notNull(),
    /** SHA-256 of the key, hex. */
    keyHash: text('key_hash').notNull().unique(),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastUsedAt: instant('last_used_at'),
  },
  (table) => [index('api_keys_user_id_idx').on(table.userId)],
);
