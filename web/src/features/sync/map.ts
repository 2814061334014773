// The web app's conversations and messages as rows of the sync API and the export document
// (`@manifold/core/contract/sync`), and back. Pure: the sync store and the tests share it.
import type { ConversationBody, ExportDocument, MessageBody } from '@manifold/core/contract/sync';
import type { ToolCall } from '@manifold/core/contract/tool-call';
import type { Conversation, UIMessage } from '../chat/stores/conversations.js';

/** A conversation row as the server answers it (its id included). */
export type ConversationRow = ConversationBody & { id: string };
/** A message row as the server answers it. */
export type MessageRow = MessageBody & { id: string };

const iso = (ms: number | undefined): string | undefined =>
  ms === undefined || !Number.isFinite(ms) ? undefined : new Date(ms).toISOString();
const ms = (text: string | null | undefined): number | undefined => {
  if (!text) return undefined;
  const value = Date.parse(text);
  return Number.isFinite(value) ? value : undefined;
};
const PROVIDER = /^[a-z0-9][a-z0-9._-]*$/;
const providerOf = (id: string | undefined) => (id && PROVIDER.test(id) ? id : null);

/** The conversation's own fields (no messages), as a PUT sends them. */
export function conversationBody(conversation: Conversation): ConversationRow {
  return {
    id: conversation.id,
    title: conversation.title.slice(0, 500),
    provider: providerOf(conversation.provider),
    model: conversation.model || null,
    pinned: conversation.pinned ?? false,
    ...(iso(conversation.createdAt) ? { createdAt: iso(conversation.createdAt)! } : {}),
  };
}

/** A tool call as the app keeps it → as the sync row keeps it (the contract's `tools`). */
function toolOf(call: ToolCall) {
  const name = call.function.name;
  const at = name.indexOf('____');
  return {
    id: call.id,
    identifier: at > 0 ? name.slice(0, at) : name,
    apiName: at > 0 ? name.slice(at + 4) : '',
    type: 'default',
    arguments: call.function.arguments,
    ...(name ? { name } : {}),
  };
}

/** One message as a PUT sends it. */
export function messageBody(conversationId: string, message: UIMessage): MessageRow {
  const body: MessageRow = {
    id: message.id,
    conversationId,
    parentId: message.parentId ?? null,
    role: message.role,
    content: message.content,
    reasoning: message.reasoning
      ? {
          content: message.reasoning,
          ...(message.reasoningSignature ? { signature: message.reasoningSignature } : {}),
        }
      : null,
    imageList: message.imageList ?? null,
    fileList: message.fileList ?? null,
    tools: message.toolCalls?.length ? message.toolCalls.map(toolOf) : null,
    toolCallId: message.toolCallId ?? null,
    plugin:
      message.role === 'tool' && (message.identifier || message.toolName)
        ? {
            identifier: message.identifier ?? message.toolName ?? '',
            apiName: message.apiName ?? '',
            type: 'default',
            ...(message.toolName ? { arguments: message.toolName } : {}),
          }
        : null,
    grounding: (message.grounding as Record<string, unknown> | undefined) ?? null,
    usage: (message.usage as Record<string, unknown> | undefined) ?? null,
    speed: (message.speed as Record<string, unknown> | undefined) ?? null,
    error: message.error
      ? (message.error as unknown as Record<string, unknown>)
      : message.stopped
        ? { stopped: true }
        : null,
    provider: providerOf(message.provider),
    model: message.model || null,
  };
  if (message.createdAt !== undefined) body.createdAt = iso(message.createdAt)!;
  return body;
}

/** A message row from the server → as the app keeps it. */
export function messageFromRow(row: MessageRow): UIMessage {
  const message: UIMessage = {
    id: row.id,
    role: row.role === 'system' ? 'user' : row.role,
    content: row.content ?? '',
  };
  if (row.parentId) message.parentId = row.parentId;
  const created = ms(row.createdAt);
  if (created !== undefined) message.createdAt = created;
  if (row.reasoning) {
    message.reasoning = row.reasoning.content;
    if (row.reasoning.signature) message.reasoningSignature = row.reasoning.signature;
  }
  if (row.imageList) message.imageList = row.imageList;
  if (row.fileList) message.fileList = row.fileList;
  if (row.tools?.length)
    message.toolCalls = row.tools.map((tool, index) => ({
      id: tool.id,
      type: 'function' as const,
      index,
      function: {
        name:
          tool.name ?? (tool.apiName ? `${tool.identifier}____${tool.apiName}` : tool.identifier),
        arguments: tool.arguments,
      },
    }));
  if (row.toolCallId) message.toolCallId = row.toolCallId;
  if (row.plugin) {
    message.identifier = row.plugin.identifier;
    if (row.plugin.apiName) message.apiName = row.plugin.apiName;
    message.toolName = row.plugin.arguments ?? row.plugin.identifier;
  }
  if (row.role === 'tool') message.toolStatus = row.error ? 'error' : 'done';
  if (row.grounding)
    message.grounding = row.grounding as unknown as UIMessage['grounding'] & object;
  if (row.usage) message.usage = row.usage as UIMessage['usage'] & object;
  if (row.speed) message.speed = row.speed as UIMessage['speed'] & object;
  if (row.error) {
    if ((row.error as { stopped?: unknown }).stopped === true) message.stopped = true;
    else message.error = row.error as unknown as UIMessage['error'] & object;
  }
  if (row.provider) message.provider = row.provider;
  if (row.model) message.model = row.model;
  return message;
}

/** A conversation row (and its messages) → as the app keeps it, keeping local-only fields. */
export function conversationFromRow(
  row: ConversationRow,
  local: Conversation | undefined,
): Conversation {
  const created = ms(row.createdAt) ?? local?.createdAt ?? Date.now();
  const conversation: Conversation = {
    ...(local ?? { messages: [], branches: {} }),
    id: row.id,
    title: row.title ?? '',
    createdAt: created,
    updatedAt: Math.max(local?.updatedAt ?? created, created),
  };
  if (local?.titleSource === undefined) conversation.titleSource = 'user';
  if (row.pinned) conversation.pinned = true;
  else delete conversation.pinned;
  if (row.provider) conversation.provider = row.provider;
  else delete conversation.provider;
  if (row.model) conversation.model = row.model;
  else delete conversation.model;
  return conversation;
}

/** Put pulled messages into a conversation: replace by id, add new ones in creation order. */
export function mergeMessages(
  conversation: Conversation,
  changed: UIMessage[],
  deleted: Set<string>,
): Conversation {
  const byId = new Map(changed.map((m) => [m.id, m]));
  const messages = conversation.messages
    .filter((m) => !deleted.has(m.id))
    .map((m) => {
      const next = byId.get(m.id);
      byId.delete(m.id);
      return next ?? m;
    });
  const added = [...byId.values()];
  if (!added.length && messages.length === conversation.messages.length && !changed.length)
    return conversation;
  const all = [...messages, ...added];
  const order = new Map(all.map((m, index) => [m.id, index]));
  all.sort(
    (a, b) =>
      (a.createdAt ?? 0) - (b.createdAt ?? 0) || (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0),
  );
  const latest = Math.max(conversation.updatedAt ?? 0, ...all.map((m) => m.createdAt ?? 0));
  return { ...conversation, messages: all, updatedAt: latest || conversation.updatedAt! };
}

/** A short fingerprint of a value (FNV-1a over its JSON): "did this row change since we sent it". */
export function fingerprint(value: unknown): string {
  const text = JSON.stringify(value);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${(hash >>> 0).toString(36)}:${text.length.toString(36)}`;
}

/** The fingerprints of every conversation and message, by `c:<id>` and `m:<id>`. */
export function fingerprints(conversations: Conversation[]): Map<string, string> {
  const prints = new Map<string, string>();
  for (const conversation of conversations) {
    prints.set(`c:${conversation.id}`, fingerprint(conversationBody(conversation)));
    for (const message of conversation.messages)
      prints.set(`m:${message.id}`, fingerprint(messageBody(conversation.id, message)));
  }
  return prints;
}

/** The export document of conversations (and settings, key vaults) held in this browser. */
export function exportOf(
  conversations: Conversation[],
  extra: Pick<ExportDocument, 'settings' | 'keyVaults'> = {},
): ExportDocument {
  return {
    format: 'manifold-export',
    version: 1,
    exportedAt: new Date().toISOString(),
    agents: [],
    conversations: conversations.map((c) => ({
      ...conversationBody(c),
      updatedAt: iso(c.updatedAt ?? c.createdAt)!,
    })),
    messages: conversations.flatMap((c) => c.messages.map((m) => messageBody(c.id, m))),
    ...extra,
  };
}

/** Conversations (with their messages) from an export document; deleted rows left out. */
export function conversationsOf(document: ExportDocument): Conversation[] {
  const byConversation = new Map<string, UIMessage[]>();
  for (const row of document.messages ?? []) {
    if (row.deletedAt) continue;
    const list = byConversation.get(row.conversationId) ?? [];
    list.push(messageFromRow(row));
    byConversation.set(row.conversationId, list);
  }
  return (document.conversations ?? [])
    .filter((row) => !row.deletedAt)
    .map((row) =>
      mergeMessages(
        conversationFromRow(row, undefined),
        byConversation.get(row.id) ?? [],
        new Set(),
      ),
    );
}
