import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { syncColumns } from '../columns.js';
import { users } from './auth.js';

/**
 * A person's provider credentials (the key-vault fields of CONTRACT §2), one row per provider,
 * encrypted at rest with AES-256-GCM under `KEY_VAULTS_SECRET` (`accounts/key-vault-cipher.ts`).
 */
export const keyVaults = pgTable(
  'key_vaults',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** `v1.<iv>.<tag>.<ciphertext>`, base64url, of the fields as JSON. */
    ciphertext: text('ciphertext').notNull(),
    ...syncColumns(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.provider] })],
);

/** A person's settings (language, theme, provider switches and model lists, defaults), as one document. */
export const settings = pgTable('settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  ...syncColumns(),
});
