import { atom, computed } from 'nanostores';
import { get, set } from 'idb-keyval';
import type { FileItem, ImageItem } from '@manifold/core/contract/chat-message';
import type { Grounding } from '@manifold/core/contract/grounding';
import type { ToolCall } from '@manifold/core/contract/tool-call';
import type { MessageError } from '../../../lib/api-error.js';
import type { AgentSettings } from './build-request.js';

/** One message as the app shows and keeps it. */
export interface UIMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  reasoning?: string;
  /** How long the model reasoned, in ms (from the events' arrival). */
  reasoningMs?: number;
  /** Tool calls the model asked for, merged and as far as revealed. */
  toolCalls?: ToolCall[];
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
}

export interface Conversation {
  id: string;
  title: string;
  createdAt: number;
  messages: UIMessage[];
  /** Agent settings of this conversation (absent: the defaults). */
  agent?: Partial<AgentSettings>;
}

const CONVERSATIONS_KEY = 'manifold:conversations';
const ACTIVE_KEY = 'manifold:active-conversation';

/** Every conversation, newest first; persisted in IndexedDB (idb-keyval). */
export const $conversations = atom<Conversation[]>([]);
/** The conversation on screen; persisted in IndexedDB. */
export const $activeConversationId = atom<string | undefined>(undefined);
export const $conversationsLoaded = atom(false);
/** The text typed in the conversation search box. */
export const $conversationSearch = atom('');
/** The conversation whose title is being edited, if any. */
export const $renamingConversationId = atom<string | undefined>(undefined);

/** The conversations whose title contains the search text (case-insensitive), newest first. */
export const $filteredConversations = computed(
  [$conversations, $conversationSearch],
  (all, search) => {
    const needle = search.trim().toLowerCase();
    return needle ? all.filter((c) => c.title.toLowerCase().includes(needle)) : all;
  },
);

export const $activeConversation = computed([$conversations, $activeConversationId], (all, id) =>
  all.find((c) => c.id === id),
);

export async function loadConversations(): Promise<void> {
  try {
    const [stored, active] = await Promise.all([
      get<Conversation[]>(CONVERSATIONS_KEY),
      get<string>(ACTIVE_KEY),
    ]);
    if (stored) $conversations.set(stored);
    if (active) $activeConversationId.set(active);
  } finally {
    $conversationsLoaded.set(true);
  }
}

/** Write both stores to IndexedDB (called after each finished change, not per streamed chunk). */
export async function saveConversations(): Promise<void> {
  await set(CONVERSATIONS_KEY, $conversations.get());
  await set(ACTIVE_KEY, $activeConversationId.get());
}

export const newId = (prefix: string): string =>
  `${prefix}_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export function createConversation(title: string): Conversation {
  const conversation: Conversation = {
    id: newId('conv'),
    title: title.slice(0, 60),
    createdAt: Date.now(),
    messages: [],
  };
  $conversations.set([conversation, ...$conversations.get()]);
  $activeConversationId.set(conversation.id);
  return conversation;
}

export function selectConversation(id: string | undefined): void {
  $activeConversationId.set(id);
  void saveConversations();
}

export function deleteConversation(id: string): void {
  $conversations.set($conversations.get().filter((c) => c.id !== id));
  if ($activeConversationId.get() === id) $activeConversationId.set(undefined);
  void saveConversations();
}

/** Give a conversation a new title (blank titles are ignored) and persist it. */
export function renameConversation(id: string, title: string): void {
  const clean = title.trim().slice(0, 60);
  $renamingConversationId.set(undefined);
  if (!clean) return;
  $conversations.set($conversations.get().map((c) => (c.id === id ? { ...c, title: clean } : c)));
  void saveConversations();
}

/** Keep only the first `count` messages of a conversation. */
export function truncateMessages(conversationId: string, count: number): void {
  $conversations.set(
    $conversations
      .get()
      .map((c) => (c.id === conversationId ? { ...c, messages: c.messages.slice(0, count) } : c)),
  );
}

/** Replace one message of one conversation. */
export function updateMessage(
  conversationId: string,
  messageId: string,
  patch: (message: UIMessage) => UIMessage,
): void {
  $conversations.set(
    $conversations
      .get()
      .map((c) =>
        c.id !== conversationId
          ? c
          : { ...c, messages: c.messages.map((m) => (m.id === messageId ? patch(m) : m)) },
      ),
  );
}

export function appendMessages(conversationId: string, messages: UIMessage[]): void {
  $conversations.set(
    $conversations
      .get()
      .map((c) => (c.id === conversationId ? { ...c, messages: [...c.messages, ...messages] } : c)),
  );
}
