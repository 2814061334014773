import t from 'tap';
import { LABELS, localeFromLanguage } from '../../web/src/app/locale.js';

t.test('a zh browser language picks Chinese, anything else English', async (t) => {
  t.equal(localeFromLanguage('zh-CN'), 'zh');
  t.equal(localeFromLanguage('ZH-tw'), 'zh');
  t.equal(localeFromLanguage('en-US'), 'en');
  t.equal(localeFromLanguage('de'), 'en');
  t.equal(localeFromLanguage(undefined), 'en');
});

t.test('every label has a non-empty English and Chinese text', async (t) => {
  t.same(Object.keys(LABELS.zh).sort(), Object.keys(LABELS.en).sort());
  for (const [key, text] of Object.entries(LABELS.zh)) t.ok(text, `zh ${key}`);
  for (const [key, text] of Object.entries(LABELS.en)) t.ok(text, `en ${key}`);
});
