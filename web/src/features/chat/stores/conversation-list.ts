import { atom, computed } from 'nanostores';
import { $conversations, type Conversation } from './conversations.js';

/** The text typed in the conversation search box. */
export const $conversationSearch = atom('');

/** Where a search found its text: a message's words around the match. */
export interface SearchMatch {
  /** The message it was found in. */
  messageId: string;
  before: string;
  match: string;
  after: string;
}

/** A conversation as the list shows it: with the message text the search found, if any. */
export interface ListedConversation {
  conversation: Conversation;
  /** Absent when the title matched (or nothing was searched). */
  match?: SearchMatch;
}

/** How many characters of context a search snippet shows on each side of the match. */
const CONTEXT = 32;

/** The words around `text[index, index + length)`, cut at word boundaries where it can. */
export function snippetAround(
  text: string,
  index: number,
  length: number,
  context = CONTEXT,
): Omit<SearchMatch, 'messageId'> {
  let start = Math.max(0, index - context);
  let end = Math.min(text.length, index + length + context);
  if (start > 0) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < index) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(' ', end);
    if (space > index + length) end = space;
  }
  const flat = (s: string) => s.replace(/\s+/g, ' ');
  return {
    before: (start > 0 ? '…' : '') + flat(text.slice(start, index)).trimStart(),
    match: flat(text.slice(index, index + length)),
    after: flat(text.slice(index + length, end)).trimEnd() + (end < text.length ? '…' : ''),
  };
}

/**
 * The conversations whose title or any message (every version, tool results included) contains
 * the search text, case-insensitively; a conversation found by a message carries the words around
 * the first match. An empty search lists them all.
 */
export function searchConversations(
  conversations: readonly Conversation[],
  search: string,
): ListedConversation[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return conversations.map((conversation) => ({ conversation }));
  const found: ListedConversation[] = [];
  for (const conversation of conversations) {
    if (conversation.title.toLowerCase().includes(needle)) {
      found.push({ conversation });
      continue;
    }
    for (const message of conversation.messages) {
      const at = message.content.toLowerCase().indexOf(needle);
      if (at < 0) continue;
      found.push({
        conversation,
        match: { messageId: message.id, ...snippetAround(message.content, at, needle.length) },
      });
      break;
    }
  }
  return found;
}

/** A heading of the conversation list. */
export type DateGroup =
  | { kind: 'pinned' }
  | { kind: 'today' }
  | { kind: 'yesterday' }
  | { kind: 'previous7Days' }
  | { kind: 'previous30Days' }
  /** `month` 0–11, in the browser's time zone. */
  | { kind: 'month'; year: number; month: number };

export interface ConversationGroup {
  /** Stable key: the kind, or `YYYY-MM` for a month. */
  key: string;
  group: DateGroup;
  items: ListedConversation[];
}

const DAY = 24 * 60 * 60 * 1000;

/** The group of a time, against `now`, by calendar days in the browser's time zone. */
export function dateGroupOf(time: number, now: number): DateGroup {
  const today = new Date(now);
  today.setHours(0, 0, 0, 0);
  const start = today.getTime();
  if (time >= start) return { kind: 'today' };
  const dayBefore = new Date(start);
  dayBefore.setDate(dayBefore.getDate() - 1);
  if (time >= dayBefore.getTime()) return { kind: 'yesterday' };
  if (time >= start - 7 * DAY) return { kind: 'previous7Days' };
  if (time >= start - 30 * DAY) return { kind: 'previous30Days' };
  const date = new Date(time);
  return { kind: 'month', year: date.getFullYear(), month: date.getMonth() };
}

const groupKey = (group: DateGroup) =>
  group.kind === 'month' ? `${group.year}-${String(group.month + 1).padStart(2, '0')}` : group.kind;

/** When a conversation last changed (its last message sent), for ordering and grouping. */
export const lastActivity = (c: Conversation): number => c.updatedAt ?? c.createdAt;

/**
 * The list as shown: pinned conversations first (under "Pinned"), then the others by date group
 * (Today, Yesterday, Previous 7 days, Previous 30 days, then one group per month), each group
 * newest first.
 */
export function groupConversations(
  items: readonly ListedConversation[],
  now: number,
): ConversationGroup[] {
  const sorted = [...items].sort(
    (a, b) => lastActivity(b.conversation) - lastActivity(a.conversation),
  );
  const groups: ConversationGroup[] = [];
  const pinned = sorted.filter((i) => i.conversation.pinned);
  if (pinned.length) groups.push({ key: 'pinned', group: { kind: 'pinned' }, items: pinned });
  for (const item of sorted) {
    if (item.conversation.pinned) continue;
    const group = dateGroupOf(lastActivity(item.conversation), now);
    const key = groupKey(group);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, group, items: [item] });
  }
  return groups;
}

/** The conversation list on screen: searched, pinned first, grouped by date. */
export const $conversationGroups = computed([$conversations, $conversationSearch], (all, search) =>
  groupConversations(searchConversations(all, search), Date.now()),
);
