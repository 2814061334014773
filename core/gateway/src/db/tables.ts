import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as agents from './schema/agents.js';
import * as apiKeys from './schema/api-keys.js';
import * as auth from './schema/auth.js';
import * as conversations from './schema/conversations.js';
import * as credits from './schema/credits.js';
import * as preferences from './schema/preferences.js';

/** Every table of the schema (each file of `schema/`), in no particular order. */
export const TABLES: readonly PgTable[] = [
  agents,
  apiKeys,
  auth,
  conversations,
  credits,
  preferences,
]
  .flatMap((module) => Object.values(module))
  .filter((value): value is PgTable => value instanceof PgTable);

/** A table's name and column names, as PostgreSQL knows them. */
export const describeTable = (table: PgTable): { name: string; columns: string[] } => {
  const config = getTableConfig(table);
  return { name: config.name, columns: config.columns.map((column) => column.name) };
};
