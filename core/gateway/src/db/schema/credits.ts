import { bigint, boolean, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Usage } from '@manifold/core/contract/usage';
import { instant } from '../columns.js';
import { users } from './auth.js';

/**
 * A person's credits and plan (cloud edition, CONTRACT §9). `balance` only ever changes in the
 * transaction that inserts the ledger row explaining it, so it always equals the ledger's sum.
 */
export const creditAccounts = pgTable('credit_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  balance: bigint('balance', { mode: 'number' }).notNull().default(0),
  /** `free`, `basic`, `advanced` or `professional`. */
  plan: text('plan').notNull().default('free'),
  /** End of the paid period the last monthly grant covers; the next grant is due then. */
  periodEnd: instant('period_end'),
  stripeCustomerId: text('stripe_customer_id').unique(),
  stripeSubscriptionId: text('stripe_subscription_id'),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * Every change of a balance, with why (CONTRACT §9 `GET /webapi/credits/ledger`). `key` makes each
 * change happen once: `chat:<requestId>`, `signup`, `invoice:<id>`, `period:<end>`, an operator's
 * grant id; a second insert with the same key (a retried request, a replayed webhook) is refused
 * by the unique index and changes nothing.
 */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    delta: bigint('delta', { mode: 'number' }).notNull(),
    /** `signup`, `chat`, `embeddings`, `image`, `speech`, `grant` or `admin`. */
    reason: text('reason').notNull(),
    requestId: text('request_id'),
    provider: text('provider'),
    model: text('model'),
    usage: jsonb('usage').$type<Usage>(),
    /** Billed from a token estimate: the upstream reported no usage. */
    estimated: boolean('estimated').notNull().default(false),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('credit_ledger_user_key_idx').on(table.userId, table.key),
    index('credit_ledger_user_created_idx').on(table.userId, table.createdAt, table.id),
  ],
);

/** Stripe events already applied: a replayed event (same id) changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: instant('received_at').notNull().defaultNow(),
});
