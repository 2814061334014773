import { atom } from 'nanostores';
import { $labels } from '../../../app/locale.js';
import { showUndoToast } from '../../../lib/toasts.js';
import {
  deleteConversation,
  restoreConversation,
  selectConversation,
  updateConversation,
  updateMessage,
} from './conversations.js';
import { showPathTo } from './message-tree.js';
import { $generations, stopGeneration } from './generation.js';

/** Something the keyboard asked to focus; components with that element focus it and clear this. */
export type FocusTarget = 'search' | 'composer';
export const $focusRequest = atom<FocusTarget | undefined>(undefined);

/** Ask for the conversation search or the composer to be focused (once it is on screen). */
export function requestFocus(target: FocusTarget): void {
  $focusRequest.set(undefined);
  $focusRequest.set(target);
}

/** The person took the focus request: forget it. */
export function focusTaken(): void {
  $focusRequest.set(undefined);
}

/** Open a new chat (nothing on screen until the first message) and put the cursor in the composer. */
export function newChat(): void {
  selectConversation(undefined);
  requestFocus('composer');
}

/**
 * Delete a conversation at once (a reply streaming in it is stopped) and offer to undo it for
 * a few seconds, as ChatGPT and LobeChat keep deletions cheap to take back.
 */
export function deleteConversationWithUndo(id: string): void {
  const streaming = $generations.get()[id];
  if (streaming) {
    // Marked now: the stream ends after the conversation is gone, and Undo brings back this copy.
    updateMessage(id, streaming.messageId, (m) => ({ ...m, stopped: true }));
    stopGeneration(id);
  }
  const deleted = deleteConversation(id);
  if (!deleted) return;
  const label = $labels.get();
  showUndoToast(label.conversationDeleted, () => restoreConversation(deleted), {
    undoLabel: label.undo,
    description: deleted.conversation.title,
  });
}

/** A message the list should bring into view (a search result); the list clears it. */
export const $scrollTarget = atom<string | undefined>(undefined);

/** The list has brought the message into view. */
export function scrollTargetReached(): void {
  $scrollTarget.set(undefined);
}

/**
 * Open a conversation the search found; when the text was found in a message, show the versions
 * that lead to it (it may be in one not on screen) and bring it into view.
 */
export function openSearchResult(conversationId: string, messageId?: string): void {
  if (messageId) updateConversation(conversationId, (c) => showPathTo(c, messageId));
  selectConversation(conversationId);
  if (messageId) $scrollTarget.set(messageId);
}
