import { timestamp } from 'drizzle-orm/pg-core';

/** A point in time, always with its time zone, read as a `Date`. */
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** When a row was made and last changed. */
export const timestamps = () => ({
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at').notNull().defaultNow(),
});

/**
 * The columns a synced row carries: `updated_at` is the sync cursor (every change sets it), and a
 * deletion only sets `deleted_at`, so another device learns of it on its next pull.
 */
export const syncColumns = () => ({
  ...timestamps(),
  deletedAt: instant('deleted_at'),
});
