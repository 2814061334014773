import { boolean, foreignKey, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { FileItem, ImageItem, MessageToolCall } from '@manifold/core/contract/chat-message';
import type { Grounding } from '@manifold/core/contract/grounding';
import type { Speed, Usage } from '@manifold/core/contract/usage';
import { instant, syncColumns } from '../columns.js';
import { users } from './auth.js';

/**
 * A person's conversations. Ids are the client's, unique per person; the key is (user, id).
 * `summary` is the chat-history summary of the messages up to `summaryThrough` (SPEC §1, §3).
 */
export const conversations = pgTable(
  'conversations',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    /** The agent it started from (no foreign key: either may arrive first from a device). */
    agentId: text('agent_id'),
    title: text('title').notNull().default(''),
    provider: text('provider'),
    model: text('model'),
    pinned: boolean('pinned').notNull().default(false),
    summary: text('summary'),
    /** Id of the last message the summary covers. */
    summaryThrough: text('summary_through'),
    summaryUpdatedAt: instant('summary_updated_at'),
    ...syncColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    index('conversations_user_synced_idx').on(table.userId, table.syncedAt),
    // who holds an id: ids are the clients', and a second person's use of one is refused
    index('conversations_id_idx').on(table.id),
  ],
);

/**
 * The messages of a conversation. An answer regenerated or edited is a new row with the same
 * `parentId` (the message it answers): the versions of a turn are its siblings. A tool result is a
 * `tool` message naming the call (`toolCallId`) and the plugin that ran it.
 */
export const messages = pgTable(
  'messages',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    conversationId: text('conversation_id').notNull(),
    parentId: text('parent_id'),
    /** `system`, `user`, `assistant` or `tool`. */
    role: text('role').notNull(),
    content: text('content').notNull().default(''),
    reasoning: jsonb('reasoning').$type<{ content: string; signature?: string }>(),
    imageList: jsonb('image_list').$type<ImageItem[]>(),
    fileList: jsonb('file_list').$type<FileItem[]>(),
    /** Tool calls an assistant message made. */
    tools: jsonb('tools').$type<MessageToolCall[]>(),
    /** For a tool message: the call it answers. */
    toolCallId: text('tool_call_id'),
    /** For a tool message: the plugin that answered (identifier, apiName, type, arguments). */
    plugin: jsonb('plugin').$type<Record<string, unknown>>(),
    grounding: jsonb('grounding').$type<Grounding>(),
    usage: jsonb('usage').$type<Usage>(),
    speed: jsonb('speed').$type<Speed>(),
    /** The error an answer ended with (`{type, message, body}`), shown in place of the text. */
    error: jsonb('error').$type<Record<string, unknown>>(),
    provider: text('provider'),
    model: text('model'),
    traceId: text('trace_id'),
    observationId: text('observation_id'),
    ...syncColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    foreignKey({
      columns: [table.userId, table.conversationId],
      foreignColumns: [conversations.userId, conversations.id],
    }).onDelete('cascade'),
    index('messages_conversation_idx').on(table.userId, table.conversationId, table.createdAt),
    index('messages_user_synced_idx').on(table.userId, table.syncedAt),
    // who holds an id: ids are the clients', and a second person's use of one is refused
    index('messages_id_idx').on(table.id),
  ],
);
