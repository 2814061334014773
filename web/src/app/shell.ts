import { atom } from 'nanostores';
import { mediaQueryStore } from '../lib/media-query.js';

/** The window is at least Tailwind's `md` wide (48rem): the conversation list is a sidebar. */
export const $isDesktop = mediaQueryStore('(min-width: 48rem)');

/** Below `md` the conversation list is a drawer; it is open. */
export const $drawerOpen = atom(false);

export function setDrawerOpen(open: boolean): void {
  $drawerOpen.set(open);
}

// A window widened past `md` shows the sidebar: the drawer has nothing left to show.
$isDesktop.listen((desktop) => {
  if (desktop) $drawerOpen.set(false);
});
