import { atom } from 'nanostores';
import { $drawerOpen, $isDesktop, setDrawerOpen } from '../../../app/shell.js';
import { newChat, requestFocus } from './conversation-actions.js';
import { $activeConversationId } from './conversations.js';
import { isStreaming, stopGeneration } from './generation.js';

/** The keyboard shortcuts dialog is open. */
export const $shortcutsOpen = atom(false);

const apple = /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '');
/** How the modifier of the shortcuts is printed: ⌘ on Apple devices, else Ctrl. */
export const MOD_KEY = apple ? '⌘' : 'Ctrl';

/** What a shortcut does. */
export type ShortcutAction = 'stop' | 'search' | 'newChat' | 'composer' | 'help';

/** The shortcuts, in the order the help dialog lists them (keys as printed). */
export const SHORTCUTS: readonly { action: ShortcutAction; keys: string[][] }[] = [
  { action: 'stop', keys: [['Esc']] },
  { action: 'search', keys: [[MOD_KEY, 'K']] },
  { action: 'newChat', keys: [[MOD_KEY, '⇧', 'O']] },
  { action: 'composer', keys: [['⇧', 'Esc'], ['/']] },
  { action: 'help', keys: [['?']] },
];

/** What `shortcutFor` reads of a key press. */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  /** The focus is in a text field (typing `/` or `?` there types it). */
  typing: boolean;
}

/** The shortcut a key press stands for, if any (Ctrl and ⌘ both work on every system). */
export function shortcutFor(press: KeyPress): ShortcutAction | undefined {
  const mod = press.ctrlKey || press.metaKey;
  if (press.altKey) return undefined;
  if (mod && !press.shiftKey && press.key.toLowerCase() === 'k') return 'search';
  if (mod && press.shiftKey && press.key.toLowerCase() === 'o') return 'newChat';
  if (mod) return undefined;
  if (press.key === 'Escape') return press.shiftKey ? 'composer' : 'stop';
  if (press.typing) return undefined;
  if (press.key === '/') return 'composer';
  if (press.key === '?') return 'help';
  return undefined;
}

/**
 * Run a shortcut; false when it had nothing to do (Esc with no reply streaming), so the key
 * keeps its usual meaning.
 */
export function runShortcut(action: ShortcutAction): boolean {
  switch (action) {
    case 'stop': {
      const id = $activeConversationId.get();
      if (!id || !isStreaming(id)) return false;
      stopGeneration(id);
      return true;
    }
    case 'search':
      if (!$isDesktop.get() && !$drawerOpen.get()) setDrawerOpen(true);
      requestFocus('search');
      return true;
    case 'newChat':
      if ($drawerOpen.get()) setDrawerOpen(false);
      newChat();
      return true;
    case 'composer':
      if ($drawerOpen.get()) setDrawerOpen(false);
      requestFocus('composer');
      return true;
    case 'help':
      $shortcutsOpen.set(true);
      return true;
  }
}
