import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { Usage } from '@manifold/core/contract/usage';
import type { Database } from '../db/database.js';
import { users } from '../db/schema/auth.js';
import { creditAccounts, creditLedger, stripeEvents } from '../db/schema/credits.js';

/** Credits every new cloud account starts with (CONTRACT §9, SPEC §1). */
export const SIGNUP_CREDITS = 500_000;

/** The plans a person can be on; `free` is everyone's without a subscription. */
export const PLAN_IDS = ['free', 'basic', 'advanced', 'professional'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** One change of a balance, to be applied once (its `key` is unique per person). */
export interface LedgerChange {
  key: string;
  delta: number;
  reason: 'signup' | 'chat' | 'embeddings' | 'image' | 'speech' | 'grant' | 'admin';
  requestId?: string;
  provider?: string;
  model?: string;
  usage?: Usage;
  estimated?: boolean;
}

/** A ledger row as `GET /webapi/credits/ledger` lists it. */
export interface LedgerEntry {
  id: string;
  delta: number;
  reason: string;
  requestId?: string;
  provider?: string;
  model?: string;
  usage?: Usage;
  estimated?: boolean;
  createdAt: string;
}

/** A person's plan and balance. */
export interface CreditAccount {
  userId: string;
  balance: number;
  plan: PlanId;
  periodEnd: Date | null;
  stripeCustomerId: string | null;
  stripeSubscriptionId: string | null;
}

/**
 * A row's time to the millisecond, as cursors carry it (a `Date`): PostgreSQL keeps microseconds,
 * and comparing those with a cursor's milliseconds would skip or repeat rows written in the same
 * millisecond. Ordered by it, then by id, every row has one place.
 */
const createdMs = sql`date_trunc('milliseconds', ${creditLedger.createdAt})`;
/** The same time as ISO 8601 text in UTC, for the cursor (no driver's date parsing in between). */
const cursorText = sql<string>`to_char(date_trunc('milliseconds', ${creditLedger.createdAt}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Ledger pages are this long. */
const PAGE = 50;

const encodeCursor = (createdAt: Date, id: string) =>
  Buffer.from(`${createdAt.toISOString()}|${id}`, 'utf8').toString('base64url');

/** The position a cursor stands for; undefined for one this gateway did not make. */
function decodeCursor(cursor: string): { createdAt: Date; id: string } | undefined {
  const [when, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = new Date(when ?? '');
  return id && !Number.isNaN(createdAt.getTime()) ? { createdAt, id } : undefined;
}

const asAccount = (row: typeof creditAccounts.$inferSelect): CreditAccount => ({
  userId: row.userId,
  balance: Number(row.balance),
  plan: (PLAN_IDS as readonly string[]).includes(row.plan) ? (row.plan as PlanId) : 'free',
  periodEnd: row.periodEnd,
  stripeCustomerId: row.stripeCustomerId,
  stripeSubscriptionId: row.stripeSubscriptionId,
});

/**
 * Credits on the database (CONTRACT §9). A balance changes only in the transaction that inserts
 * the ledger row explaining it, and a row's key is unique per person: applying the same change
 * twice (a retried request, a replayed webhook, two gateways) changes the balance once, and the
 * balance always equals the sum of the ledger.
 */
export function creditRepository(db: Database) {
  /**
   * Insert the ledger row and move the balance, or nothing when the key was applied before: one
   * statement (the ledger insert feeds an upsert of the balance row), so it is atomic without a
   * transaction's extra round trips, and concurrent changes of one balance queue on its row lock.
   */
  async function apply(userId: string, change: LedgerChange): Promise<boolean> {
    const result = (await db.execute(sql`
      with inserted as (
        insert into ${creditLedger}
          (id, user_id, key, delta, reason, request_id, provider, model, usage, estimated)
        values (
          ${randomUUID()}, ${userId}, ${change.key}, ${change.delta}, ${change.reason},
          ${change.requestId ?? null}, ${change.provider ?? null}, ${change.model ?? null},
          ${change.usage ? JSON.stringify(change.usage) : null}::jsonb, ${change.estimated ?? false}
        )
        on conflict (user_id, key) do nothing
        returning user_id, delta
      )
      insert into ${creditAccounts} (user_id, balance)
        select user_id, delta from inserted
      on conflict (user_id) do update
        set balance = ${creditAccounts}.balance + excluded.balance, updated_at = now()
      returning user_id`)) as unknown as { rows: unknown[] };
    return result.rows.length > 0;
  }

  async function find(userId: string): Promise<CreditAccount | undefined> {
    const [row] = await db.select().from(creditAccounts).where(eq(creditAccounts.userId, userId));
    return row ? asAccount(row) : undefined;
  }

  return {
    apply,
    find,

    /** The person's account, made with the sign-up grant the first time it is asked for. */
    async open(userId: string): Promise<CreditAccount> {
      const found = await find(userId);
      if (found) return found;
      await apply(userId, { key: 'signup', delta: SIGNUP_CREDITS, reason: 'signup' });
      return (await find(userId))!;
    },

    /** The person's ledger, newest first, a page at a time. */
    async ledger(
      userId: string,
      cursor?: string,
    ): Promise<{ entries: LedgerEntry[]; next?: string } | undefined> {
      const after = cursor ? decodeCursor(cursor) : undefined;
      if (cursor && !after) return undefined;
      const at = after ? sql`${after.createdAt.toISOString()}::timestamptz` : undefined;
      const rows = await db
        .select({ row: creditLedger, cursorAt: cursorText })
        .from(creditLedger)
        .where(
          and(
            eq(creditLedger.userId, userId),
            at && after
              ? or(
                  sql`${createdMs} < ${at}`,
                  and(sql`${createdMs} = ${at}`, lt(creditLedger.id, after.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(createdMs), desc(creditLedger.id))
        .limit(PAGE + 1);
      const page = rows.slice(0, PAGE);
      const last = page.at(-1);
      return {
        entries: page.map(({ row }) => ({
          id: row.id,
          delta: Number(row.delta),
          reason: row.reason,
          ...(row.requestId ? { requestId: row.requestId } : {}),
          ...(row.provider ? { provider: row.provider } : {}),
          ...(row.model ? { model: row.model } : {}),
          ...(row.usage ? { usage: row.usage } : {}),
          ...(row.estimated ? { estimated: true } : {}),
          createdAt: row.createdAt.toISOString(),
        })),
        ...(rows.length > PAGE && last
          ? { next: encodeCursor(new Date(last.cursorAt), last.row.id) }
          : {}),
      };
    },

    /** Put the person on a plan (and note their Stripe ids and paid period when given). */
    async setPlan(
      userId: string,
      plan: PlanId,
      extra: {
        periodEnd?: Date | null;
        stripeCustomerId?: string;
        stripeSubscriptionId?: string | null;
      } = {},
    ): Promise<void> {
      await db.insert(creditAccounts).values({ userId }).onConflictDoNothing();
      await db
        .update(creditAccounts)
        .set({ plan, updatedAt: new Date(), ...extra })
        .where(eq(creditAccounts.userId, userId));
    },

    /** Note the person's Stripe customer. */
    async setCustomer(userId: string, customerId: string): Promise<void> {
      await db.insert(creditAccounts).values({ userId }).onConflictDoNothing();
      await db
        .update(creditAccounts)
        .set({ stripeCustomerId: customerId, updatedAt: new Date() })
        .where(eq(creditAccounts.userId, userId));
    },

    /** Whose Stripe customer this is. */
    async userOfCustomer(customerId: string): Promise<string | undefined> {
      const [row] = await db
        .select({ userId: creditAccounts.userId })
        .from(creditAccounts)
        .where(eq(creditAccounts.stripeCustomerId, customerId));
      return row?.userId;
    },

    /** The user with this e-mail address (operators name people by it). */
    async userByEmail(email: string): Promise<string | undefined> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email.trim().toLowerCase()));
      return row?.id;
    },

    /** Note a Stripe event as applied; false when it was applied before (a replay). */
    async firstDelivery(eventId: string, type: string): Promise<boolean> {
      const inserted = await db
        .insert(stripeEvents)
        .values({ id: eventId, type })
        .onConflictDoNothing()
        .returning({ id: stripeEvents.id });
      return inserted.length > 0;
    },

    /** Forget an event whose handling failed, so Stripe's retry is applied. */
    async forgetDelivery(eventId: string): Promise<void> {
      await db.delete(stripeEvents).where(eq(stripeEvents.id, eventId));
    },
  };
}

/** The credit repository's interface. */
export type CreditRepository = ReturnType<typeof creditRepository>;
