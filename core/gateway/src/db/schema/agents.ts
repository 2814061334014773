import { boolean, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { syncColumns } from '../columns.js';
import { users } from './auth.js';

/** An agent's chat config (SPEC §3): search, history and caching choices. */
export interface AgentChatConfig {
  /** `off` (default) or how search runs; any value but `off` means search is on. */
  searchMode?: string;
  displayMode?: string;
  historyCount?: number;
  enableHistoryCount?: boolean;
  disableContextCaching?: boolean;
  /** A model (`<provider>/<model>`) that runs search as a function call for models without it. */
  searchFCModel?: string;
  useModelBuiltinSearch?: boolean;
  [key: string]: unknown;
}

/** Sampling parameters an agent sends with its chats (the chat request's names). */
export type AgentParams = Record<string, unknown>;

/**
 * A person's saved agents: a system role, a model, parameters, tools and a chat config. Ids are
 * the client's (made offline), unique per person; the key is (user, id).
 */
export const agents = pgTable(
  'agents',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    title: text('title').notNull().default(''),
    description: text('description'),
    avatar: text('avatar'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    systemRole: text('system_role').notNull().default(''),
    provider: text('provider'),
    model: text('model'),
    params: jsonb('params').$type<AgentParams>().notNull().default({}),
    /** Tool identifiers (CONTRACT §8) the agent may call. */
    plugins: jsonb('plugins').$type<string[]>().notNull().default([]),
    chatConfig: jsonb('chat_config').$type<AgentChatConfig>().notNull().default({}),
    /** The agent whose settings new chats start from. */
    isDefault: boolean('is_default').notNull().default(false),
    ...syncColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    index('agents_user_synced_idx').on(table.userId, table.syncedAt),
    // who holds an id: ids are the clients', and a second person's use of one is refused
    index('agents_id_idx').on(table.id),
  ],
);
