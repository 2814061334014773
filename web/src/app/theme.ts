import { atom, computed } from 'nanostores';
import { mediaQueryStore } from '../lib/media-query.js';

/** What the person chose in the theme menu: a fixed theme, or the system's. */
export type ThemePreference = 'light' | 'dark' | 'system';
/** The theme on screen. */
export type Theme = 'light' | 'dark';

/** The localStorage key of the choice; index.html reads it too, before the first paint. */
export const THEME_KEY = 'manifold:theme';
export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system'];

const isPreference = (value: unknown): value is ThemePreference =>
  THEME_PREFERENCES.includes(value as ThemePreference);

function readStored(): ThemePreference | undefined {
  try {
    const stored = globalThis.localStorage?.getItem(THEME_KEY);
    return isPreference(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The chosen theme (localStorage), `system` by default. */
export const $themePreference = atom<ThemePreference>(readStored() ?? 'system');

/** The system asks for dark colours (`prefers-color-scheme: dark`), live. */
export const $systemDark = mediaQueryStore('(prefers-color-scheme: dark)');

/** The theme on screen: the chosen one, or the system's for `system`. */
export const $theme = computed([$themePreference, $systemDark], (preference, systemDark): Theme =>
  preference === 'system' ? (systemDark ? 'dark' : 'light') : preference,
);

/** Choose a theme and remember it. */
export function setThemePreference(preference: ThemePreference): void {
  $themePreference.set(preference);
  try {
    globalThis.localStorage?.setItem(THEME_KEY, preference);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}
