import { timestamp } from 'drizzle-orm/pg-core';

/** A point in time, always with its time zone, read as a `Date`. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** When a row was made and last changed. */
export const timestamps = () => ({
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * The columns a synced row carries. `updated_at` is when the row was last changed on the device
 * that changed it (last writer wins by it); `synced_at` is when the server last wrote it, by the
 * server's clock, in milliseconds (so it reads back exactly as a `Date`): the sync cursor, which a
 * device's wrong clock cannot move behind another device's cursor. A deletion only sets
 * `deleted_at`, so another device learns of it on its next pull.
 */
export const syncColumns = () => ({
  ...timestamps(),
  deletedAt: instant('deleted_at'),
  syncedAt: timestamp('synced_at', { withTimezone: true, mode: 'date', precision: 3 })
    .notNull()
    .defaultNow(),
});
