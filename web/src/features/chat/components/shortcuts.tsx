import { useStore } from '@nanostores/react';
import { Fragment, useEffect } from 'react';
import { $labels, type Labels } from '../../../app/locale.js';
import { Dialog, DialogContent } from '../../../components/ui/dialog.js';
import { Kbd } from '../../../components/ui/kbd.js';
import { $announcement } from '../stores/announcements.js';
import {
  $shortcutsOpen,
  runShortcut,
  shortcutFor,
  SHORTCUTS,
  type ShortcutAction,
} from '../stores/shortcuts.js';

const DESCRIPTIONS: Record<ShortcutAction, keyof Labels> = {
  stop: 'shortcutStop',
  search: 'shortcutSearch',
  newChat: 'shortcutNewChat',
  composer: 'shortcutComposer',
  help: 'shortcutHelp',
};

const isTextField = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName));

/** Listen for the chat's keyboard shortcuts (see `stores/shortcuts.ts`) while mounted. */
export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const action = shortcutFor({
        key: event.key,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        shiftKey: event.shiftKey,
        altKey: event.altKey,
        typing: isTextField(event.target),
      });
      if (!action) return;
      // A dialog or menu has the keys (Escape closes it), except the shortcuts of the drawer.
      const modal = document.querySelector(
        '[role="dialog"]:not([data-drawer]), [role="alertdialog"], [role="menu"]',
      );
      if (modal) return;
      if (runShortcut(action)) event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** The list of keyboard shortcuts, opened with `?` or from the sidebar. */
export function ShortcutsDialog() {
  const open = useStore($shortcutsOpen);
  const label = useStore($labels);
  return (
    <Dialog open={open} onOpenChange={(next) => $shortcutsOpen.set(next)}>
      <DialogContent title={label.keyboardShortcuts} className="shortcuts-dialog max-w-md">
        <dl className="m-0 flex flex-col divide-y divide-border">
          {SHORTCUTS.map(({ action, keys }) => (
            <div
              key={action}
              className="flex items-center justify-between gap-4 py-2.5 text-sm"
              data-action={action}
            >
              <dt>{label[DESCRIPTIONS[action]]}</dt>
              <dd className="m-0 flex items-center gap-1.5 text-xs text-muted-foreground">
                {keys.map((combo, i) => (
                  <Fragment key={combo.join('+')}>
                    {i > 0 ? <span>{label.or}</span> : null}
                    <span className="flex items-center gap-0.5">
                      {combo.map((key) => (
                        <Kbd key={key}>{key}</Kbd>
                      ))}
                    </span>
                  </Fragment>
                ))}
              </dd>
            </div>
          ))}
          <div className="flex items-center justify-between gap-4 py-2.5 text-sm">
            <dt>{label.shortcutList}</dt>
            <dd className="m-0 flex items-center gap-0.5">
              <Kbd>↑</Kbd>
              <Kbd>↓</Kbd>
              <Kbd>Home</Kbd>
              <Kbd>End</Kbd>
              <Kbd>F2</Kbd>
            </dd>
          </div>
          <div className="flex items-center justify-between gap-4 py-2.5 text-sm">
            <dt>{label.shortcutListDelete}</dt>
            <dd className="m-0">
              <Kbd>Delete</Kbd>
            </dd>
          </div>
        </dl>
      </DialogContent>
    </Dialog>
  );
}

/** The polite live region: finished and failed replies are read out (`stores/announcements.ts`). */
export function LiveAnnouncer() {
  const text = useStore($announcement);
  return (
    <div className="live-announcer sr-only" aria-live="polite" aria-atomic="true" role="status">
      {text}
    </div>
  );
}
