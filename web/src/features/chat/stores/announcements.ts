import { atom } from 'nanostores';
import { $labels, $locale } from '../../../app/locale.js';
import { errorText } from '../../../lib/api-error.js';
import { $activeConversationId, findConversation, type UIMessage } from './conversations.js';

/**
 * What the polite live region says (screen readers read it when it changes). Set through
 * `announce`, which empties it first so the same sentence twice is read twice.
 */
export const $announcement = atom('');

let pending: ReturnType<typeof setTimeout> | undefined;

/** Have screen readers say `text` (politely: after what they are reading). */
export function announce(text: string): void {
  if (pending !== undefined) clearTimeout(pending);
  $announcement.set('');
  pending = setTimeout(() => {
    pending = undefined;
    $announcement.set(text);
  }, 100);
}

/** The first `count` words of a text, with "…" when there were more. */
export function firstWords(text: string, count = 12): string {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const head = words.slice(0, count).join(' ');
  return words.length > count ? `${head}…` : head;
}

/**
 * The sentence for a reply that ended: "Reply finished: <first words>", or "Reply failed: <why>";
 * a reply in another conversation than the one on screen names that conversation. Nothing for a
 * stopped reply (the person stopped it).
 */
export function replyAnnouncement(
  message: UIMessage,
  conversationTitle: string | undefined,
): string | undefined {
  if (message.stopped) return undefined;
  const label = $labels.get();
  const where = conversationTitle ? ` (${conversationTitle})` : '';
  if (message.error) {
    const reason =
      message.error.message ?? errorText(message.error.errorType, $locale.get(), message.provider);
    return `${label.replyFailed}${where}: ${reason}`;
  }
  const words = firstWords(message.content);
  return words ? `${label.replyFinished}${where}: ${words}` : `${label.replyFinished}${where}`;
}

/** Announce a reply that ended in a conversation. */
export function announceReply(conversationId: string, message: UIMessage): void {
  const elsewhere = conversationId !== $activeConversationId.get();
  const text = replyAnnouncement(
    message,
    elsewhere ? findConversation(conversationId)?.title : undefined,
  );
  if (text) announce(text);
}
