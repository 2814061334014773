// The tables better-auth needs (its core schema: user, session, account, verification), in
// PostgreSQL's naming. Deleting a user removes its sessions and accounts (cascade), and every
// table of a person's data references `users` the same way.
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import { instant, timestamps } from '../columns.js';

/** A person with an account. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Unique; better-auth stores it lower-cased. */
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...timestamps(),
});

/** A signed-in browser or device; the cookie carries `token`. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: instant('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    ...timestamps(),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

/** A way to sign in: `credential` (the password hash, by better-auth) or an OAuth provider. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `credential`, `github`, `google` or `oidc`. */
    providerId: text('provider_id').notNull(),
    /** The person's id at that provider (the user id for `credential`). */
    accountId: text('account_id').notNull(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: instant('access_token_expires_at'),
    refreshTokenExpiresAt: instant('refresh_token_expires_at'),
    scope: text('scope'),
    /** better-auth's password hash (scrypt), for `credential` accounts. */
    password: text('password'),
    ...timestamps(),
  },
  (table) => [index('accounts_user_id_idx').on(table.userId)],
);

/** Short-lived values: OAuth state, e-mail verification and password reset tokens. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: instant('expires_at').notNull(),
    ...timestamps(),
  },
  (table) => [index('verifications_identifier_idx').on(table.identifier)],
);
