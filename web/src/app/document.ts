import type { Locale } from '../lib/api-error.js';
import { $locale } from './locale.js';
import { $theme, type Theme } from './theme.js';

/** The `lang` attribute of a UI language (`zh-CN` so CJK text gets Simplified Chinese glyphs). */
export const langTag = (locale: Locale): string => (locale === 'zh' ? 'zh-CN' : 'en');

/** What `bindDocument` touches of `<html>` (an interface, so tests can pass a plain object). */
export interface DocumentRoot {
  lang: string;
  classList: { toggle(token: string, force?: boolean): unknown };
  style: { colorScheme: string };
}

/** Put a theme on `<html>`: the `dark` class for Tailwind's `dark:` and the native colour scheme. */
export function applyTheme(root: DocumentRoot, theme: Theme): void {
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

/**
 * Keep `<html>` in step with the stores: the theme (class and colour scheme) and `lang`. Returns
 * the function that stops it.
 */
export function bindDocument(root: DocumentRoot): () => void {
  const stopTheme = $theme.subscribe((theme) => applyTheme(root, theme));
  const stopLocale = $locale.subscribe((locale) => {
    root.lang = langTag(locale);
  });
  return () => {
    stopTheme();
    stopLocale();
  };
}
