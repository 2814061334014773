import { atom } from 'nanostores';
import { $labels } from '../../../app/locale.js';
import { showUndoToast } from '../../../lib/toasts.js';
import { deleteConversation, restoreConversation, selectConversation } from './conversations.js';
import { isStreaming, stopGeneration } from './generation.js';

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
  if (isStreaming(id)) stopGeneration(id);
  const deleted = deleteConversation(id);
  if (!deleted) return;
  const label = $labels.get();
  showUndoToast(label.conversationDeleted, () => restoreConversation(deleted), {
    undoLabel: label.undo,
    description: deleted.conversation.title,
  });
}
