import { atom, computed } from 'nanostores';
import { get, set } from 'idb-keyval';
import type { FileItem, ImageItem } from '@manifold/core/contract/chat-message';
import type { Grounding } from '@manifold/core/contract/grounding';
import type { ToolCall } from '@manifold/core/contract/tool-call';
import type { MessageError } from '../../../lib/api-error.js';
import type { AgentSettings } from './build-request.js';
import type { ResumeMark } from './resume.js';
import {
  addChain,
  appendToThread,
  chooseVersion,
  deleteFromTree,
  threadOf,
  upgradeLinear,
} from './message-tree.js';

/** Where a tool call stands: set by the tool-calling loop on the call's `role: "tool"` message. */
export type ToolStatus = 'running' | 'done' | 'error';

/**
 * One message as the app shows and keeps it. Messages form a tree (`parentId`; see
 * `message-tree.ts`): versions of a message share its parent and role.
 *
 * - `user`: `content`, `imageList`, `fileList`.
 * - `assistant`: `content`, `reasoning` (+ `reasoningSignature`), `toolCalls`, `grounding`, usage…
 * - `tool`: the result of one of the previous assistant message's `toolCalls`: `toolCallId`,
 *   `toolName` (the function name the model called), `identifier`/`apiName` when known,
 *   `content` (the result text), `toolStatus`, `error` when it failed.
 */
export interface UIMessage {
  id: string;
  /** The message this one follows (for a reply: its question); absent for a first message. */
  parentId?: string;
  role: 'user' | 'assistant' | 'tool';
  content: string;
  /** When it was made (ms since the epoch); absent in conversations stored before versions. */
  createdAt?: number;
  reasoning?: string;
  /** The provider's signature of the reasoning (sent back with it, e.g. to Anthropic and Google). */
  reasoningSignature?: string;
  /** How long the model reasoned, in ms (from the events' arrival). */
  reasoningMs?: number;
  /** Tool calls the model asked for, merged and as far as revealed (id, function name, arguments). */
  toolCalls?: ToolCall[];
  /** Tool message: the id of the call it answers (`tool_call_id`). */
  toolCallId?: string;
  /** Tool message: the function name the model called. */
  toolName?: string;
  /** Tool message: the tool (plugin) identifier, when the name resolves to one. */
  identifier?: string;
  /** Tool message: the tool's api name, when the name resolves to one. */
  apiName?: string;
  /** Tool message: running, done (`content` is the result) or error (`error` says why). */
  toolStatus?: ToolStatus;
  /** Images the person attached (data URLs), sent as `imageList`. */
  imageList?: ImageItem[];
  /** Text files the person attached, with their content, sent as `fileList`. */
  fileList?: FileItem[];
  /** Web sources of a reply (the stream's `grounding` event). */
  grounding?: Grounding;
  provider?: string;
  model?: string;
  usage?: { totalInputTokens?: number; totalOutputTokens?: number; totalTokens?: number };
  speed?: { tps?: number; ttft?: number };
  /** The person pressed Stop: the text is partial. */
  stopped?: boolean;
  /** The reply failed: type, status, message, the gateway's body and, from the page, why. */
  error?: MessageError;
  /** While a resumable reply streams: its stream and how many events it shows (`resume.ts`). */
  resume?: ResumeMark;
}

/** How a conversation got its title. */
export type TitleSource = 'first-message' | 'auto' | 'user';

export interface Conversation {
  id: string;
  title: string;
  /** Absent: the first message's text (conversations stored before titles were generated). */
  titleSource?: TitleSource;
  createdAt: number;
  /** The last message sent (ms); the list is ordered and grouped by it. Absent: `createdAt`. */
  updatedAt?: number;
  /** Listed first, under "Pinned". */
  pinned?: boolean;
  /** Every message of every version, in the order they were made: a tree (`message-tree.ts`). */
  messages: UIMessage[];
  /** The version shown at each fork: parent id (`''` for first messages) → child id. */
  branches?: Record<string, string>;
  /** The provider the conversation talks to (absent: the picker's). */
  provider?: string;
  /** The model it talks to (absent: the picker's). */
  model?: string;
  /** Agent settings of this conversation (absent: the defaults). */
  agent?: Partial<AgentSettings>;
  /** The saved agent the conversation started from (`features/agents`), if any. */
  agentId?: string;
  /** The chat-history summary of the messages up to `summaryThrough` (`features/agents`). */
  summary?: string;
  /** The id of the last message the summary covers. */
  summaryThrough?: string;
  /** When the summary was written (ISO 8601). */
  summaryUpdatedAt?: string;
}

const CONVERSATIONS_KEY = 'manifold:conversations';
const ACTIVE_KEY = 'manifold:active-conversation';

/** Every conversation, newest first; persisted in IndexedDB (idb-keyval). */
export const $conversations = atom<Conversation[]>([]);
/** The conversation on screen; persisted in IndexedDB. */
export const $activeConversationId = atom<string | undefined>(undefined);
export const $conversationsLoaded = atom(false);
/** The conversation whose title is being edited, if any. */
export const $renamingConversationId = atom<string | undefined>(undefined);

export const $activeConversation = computed([$conversations, $activeConversationId], (all, id) =>
  all.find((c) => c.id === id),
);

/** The messages on screen: the active conversation's thread through its chosen versions. */
export const $activeThread = computed($activeConversation, (conversation) =>
  conversation ? threadOf(conversation) : [],
);

/** A stored conversation as this version of the app keeps it. */
export function upgradeConversation(conversation: Conversation): Conversation {
  return upgradeLinear(conversation);
}

export async function loadConversations(): Promise<void> {
  try {
    const [stored, active] = await Promise.all([
      get<Conversation[]>(CONVERSATIONS_KEY),
      get<string>(ACTIVE_KEY),
    ]);
    if (stored) $conversations.set(stored.map(upgradeConversation));
    if (active) $activeConversationId.set(active);
  } finally {
    $conversationsLoaded.set(true);
  }
}

/**
 * Write both stores to IndexedDB (called after each finished change, not per streamed chunk). A
 * failed write (no IndexedDB, storage full) leaves the chat working; the next change writes again.
 */
export async function saveConversations(): Promise<void> {
  try {
    await set(CONVERSATIONS_KEY, $conversations.get());
    await set(ACTIVE_KEY, $activeConversationId.get());
  } catch (error) {
    console.warn('conversations not saved', error);
  }
}

export const newId = (prefix: string): string =>
  `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export function findConversation(id: string): Conversation | undefined {
  return $conversations.get().find((c) => c.id === id);
}

/** Change one conversation (unknown ids are ignored). */
export function updateConversation(
  conversationId: string,
  change: (conversation: Conversation) => Conversation,
): void {
  $conversations.set($conversations.get().map((c) => (c.id === conversationId ? change(c) : c)));
}

export function createConversation(
  title: string,
  options: Pick<Conversation, 'provider' | 'model'> = {},
): Conversation {
  const now = Date.now();
  const conversation: Conversation = {
    id: newId('conv'),
    title: title.slice(0, 60),
    titleSource: 'first-message',
    createdAt: now,
    updatedAt: now,
    messages: [],
    branches: {},
    ...options,
  };
  $conversations.set([conversation, ...$conversations.get()]);
  $activeConversationId.set(conversation.id);
  return conversation;
}

export function selectConversation(id: string | undefined): void {
  $activeConversationId.set(id);
  void saveConversations();
}

/** A deleted conversation and where it stood, to put it back. */
export interface DeletedConversation {
  conversation: Conversation;
  index: number;
  wasActive: boolean;
}

/** Remove a conversation; returns what `restoreConversation` needs to undo it. */
export function deleteConversation(id: string): DeletedConversation | undefined {
  const all = $conversations.get();
  const index = all.findIndex((c) => c.id === id);
  if (index < 0) return undefined;
  const wasActive = $activeConversationId.get() === id;
  $conversations.set(all.filter((c) => c.id !== id));
  if (wasActive) $activeConversationId.set(undefined);
  void saveConversations();
  return { conversation: all[index]!, index, wasActive };
}

/** Put a deleted conversation back where it was (and on screen, if it was). */
export function restoreConversation(deleted: DeletedConversation): void {
  const all = $conversations.get().filter((c) => c.id !== deleted.conversation.id);
  all.splice(Math.min(deleted.index, all.length), 0, deleted.conversation);
  $conversations.set(all);
  if (deleted.wasActive) $activeConversationId.set(deleted.conversation.id);
  void saveConversations();
}

/** Give a conversation a new title (blank titles are ignored) and persist it. */
export function renameConversation(id: string, title: string): void {
  const clean = title.trim().slice(0, 60);
  $renamingConversationId.set(undefined);
  if (!clean) return;
  updateConversation(id, (c) =>
    c.title === clean ? c : { ...c, title: clean, titleSource: 'user' },
  );
  void saveConversations();
}

/** Pin a conversation to the top of the list, or unpin it. */
export function setPinned(id: string, pinned: boolean): void {
  updateConversation(id, (c) => {
    if (pinned) return { ...c, pinned: true };
    const { pinned: _was, ...rest } = c;
    return rest;
  });
  void saveConversations();
}

/** Replace one message of one conversation. */
export function updateMessage(
  conversationId: string,
  messageId: string,
  patch: (message: UIMessage) => UIMessage,
): void {
  updateConversation(conversationId, (c) => ({
    ...c,
    messages: c.messages.map((m) => (m.id === messageId ? patch(m) : m)),
  }));
}

/** Add messages at the end of the conversation's thread on screen, each following the one before. */
export function appendMessages(conversationId: string, messages: UIMessage[]): void {
  updateConversation(conversationId, (c) => appendToThread(c, messages));
}

/** Add messages as a chain under `parentId` (undefined: first messages), shown at that fork. */
export function addMessages(
  conversationId: string,
  parentId: string | undefined,
  messages: UIMessage[],
): void {
  updateConversation(conversationId, (c) => addChain(c, parentId, messages));
}

/** Show another version of a message (and the messages that came after that version). */
export function showVersion(conversationId: string, messageId: string): void {
  updateConversation(conversationId, (c) => chooseVersion(c, messageId));
  void saveConversations();
}

/** Delete one message (see `deleteFromTree` for what goes with it). */
export function deleteMessage(conversationId: string, messageId: string): void {
  updateConversation(conversationId, (c) => deleteFromTree(c, messageId));
  void saveConversations();
}

/** The conversation's thread (the versions on screen), without looking it up twice. */
export function threadOfConversation(conversationId: string): UIMessage[] {
  const conversation = findConversation(conversationId);
  return conversation ? threadOf(conversation) : [];
}
