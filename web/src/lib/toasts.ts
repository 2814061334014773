import { atom } from 'nanostores';

/** A button in a toast (e.g. "Undo"): runs once, then the toast goes. */
export interface ToastAction {
  /** The button's text, translated by the caller. */
  label: string;
  run: () => void;
}

/** One notification in the corner of the screen. */
export interface Toast {
  id: string;
  title: string;
  description?: string;
  /** Colours the toast; `danger` is also announced assertively. Default `neutral`. */
  tone: 'neutral' | 'success' | 'danger';
  action?: ToastAction;
  /** How long it stays, in ms. Default 5,000 (8,000 with an action). */
  duration: number;
}

/** What `showToast` takes: a title, the rest optional. */
export type ToastInput = Pick<Toast, 'title'> & Partial<Omit<Toast, 'id' | 'title'>>;

/** At most this many toasts show at once; a newer one pushes the oldest out. */
export const MAX_TOASTS = 3;

/** The toasts on screen, oldest first. */
export const $toasts = atom<Toast[]>([]);

/** A toast was shown since the page loaded: the toaster (loaded on demand) stays mounted. */
export const $toasterNeeded = atom(false);

let counter = 0;

/** Show a toast; returns its id (for `dismissToast`). */
export function showToast(input: ToastInput): string {
  const id = `toast_${++counter}`;
  const toast: Toast = {
    tone: 'neutral',
    duration: input.action ? 8000 : 5000,
    ...input,
    id,
  };
  $toasterNeeded.set(true);
  $toasts.set([...$toasts.get(), toast].slice(-MAX_TOASTS));
  return id;
}

/** Remove a toast (its time ran out, it was closed, or swiped away). Unknown ids are ignored. */
export function dismissToast(id: string): void {
  $toasts.set($toasts.get().filter((toast) => toast.id !== id));
}

/** Press a toast's action: it runs once and the toast goes. */
export function runToastAction(id: string): void {
  const toast = $toasts.get().find((t) => t.id === id);
  dismissToast(id);
  toast?.action?.run();
}

/**
 * A toast that offers to undo what was just done (a deletion kept for a moment): `undo` runs when
 * "Undo" is pressed before the toast times out or is closed.
 */
export function showUndoToast(
  title: string,
  undo: () => void,
  options: { undoLabel: string; description?: string; duration?: number },
): string {
  return showToast({
    title,
    description: options.description,
    action: { label: options.undoLabel, run: undo },
    ...(options.duration ? { duration: options.duration } : {}),
  });
}
