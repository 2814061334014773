import t from 'tap';
import {
  applyTheme,
  bindDocument,
  langTag,
  type DocumentRoot,
} from '../../web/src/app/document.js';
import { setLocale } from '../../web/src/app/locale.js';
import {
  $systemDark,
  $theme,
  $themePreference,
  setThemePreference,
  THEME_KEY,
} from '../../web/src/app/theme.js';

/** A stand-in for `<html>`: its classes, colour scheme and lang. */
function fakeRoot(): DocumentRoot & { classes: Set<string> } {
  const classes = new Set<string>();
  return {
    classes,
    lang: '',
    style: { colorScheme: '' },
    classList: {
      toggle(token: string, force?: boolean) {
        if (force ?? !classes.has(token)) classes.add(token);
        else classes.delete(token);
      },
    },
  };
}

/** A localStorage for Node, emptied by each test. */
const stored = new Map<string, string>();
Object.defineProperty(globalThis, 'localStorage', {
  configurable: true,
  value: {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  },
});

t.beforeEach(() => {
  stored.clear();
  $themePreference.set('system');
  $systemDark.set(false);
});

t.test('system is the default and follows the system preference', async (t) => {
  t.equal($themePreference.get(), 'system');
  t.equal($theme.get(), 'light');
  $systemDark.set(true);
  t.equal($theme.get(), 'dark', 'the system turned dark');
});

t.test('a chosen theme wins over the system and is stored', async (t) => {
  $systemDark.set(true);
  setThemePreference('light');
  t.equal($theme.get(), 'light');
  t.equal(stored.get(THEME_KEY), 'light', 'remembered under manifold:theme');
  setThemePreference('dark');
  $systemDark.set(false);
  t.equal($theme.get(), 'dark');
  t.equal(stored.get(THEME_KEY), 'dark');
});

t.test('applyTheme sets the dark class and the colour scheme', async (t) => {
  const root = fakeRoot();
  applyTheme(root, 'dark');
  t.ok(root.classes.has('dark'));
  t.equal(root.style.colorScheme, 'dark');
  applyTheme(root, 'light');
  t.notOk(root.classes.has('dark'));
  t.equal(root.style.colorScheme, 'light');
});

t.test('bindDocument keeps <html> in step with the theme and the language', async (t) => {
  const root = fakeRoot();
  setLocale('en');
  const stop = bindDocument(root);
  t.equal(root.lang, 'en');
  t.notOk(root.classes.has('dark'));
  setThemePreference('dark');
  t.ok(root.classes.has('dark'), 'the class follows the store');
  setLocale('zh');
  t.equal(root.lang, 'zh-CN', 'lang follows the language');
  stop();
  setThemePreference('light');
  t.ok(root.classes.has('dark'), 'nothing changes once stopped');
  setLocale('en');
});

t.test('lang tags', async (t) => {
  t.equal(langTag('en'), 'en');
  t.equal(langTag('zh'), 'zh-CN');
});
