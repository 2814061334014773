import t from 'tap';
import {
  highlightWith,
  languageModuleName,
  loadHighlighter,
  readyHighlighter,
} from '../../web/src/lib/highlight.js';

t.test('a fence language names its module, aliases included', async (t) => {
  t.equal(languageModuleName('ts'), 'typescript');
  t.equal(languageModuleName('Python'), 'python', 'case ignored');
  t.equal(languageModuleName(' sh '), 'bash');
  t.equal(languageModuleName('c++'), 'cpp');
  t.equal(languageModuleName('html'), 'xml');
  t.equal(languageModuleName('cobol'), undefined, 'an unknown language stays plain');
  t.equal(languageModuleName(''), undefined);
  t.equal(languageModuleName(undefined), undefined);
  t.equal(languageModuleName('constructor'), undefined, 'no Object.prototype names');
});

t.test('a language is loaded on first use, then highlights at once', async (t) => {
  t.equal(readyHighlighter('py'), undefined, 'nothing is loaded up front');
  const hljs = await loadHighlighter('py');
  t.ok(hljs, 'python loaded');
  t.equal(readyHighlighter('python'), hljs, 'ready under its name and its aliases');
  t.match(highlightWith(hljs!, 'print(1)', 'py'), /hljs-built_in|hljs-number/);
  t.equal(readyHighlighter('ts'), undefined, 'other languages wait for their own chunk');
  const again = await loadHighlighter('ts');
  const html = highlightWith(again!, 'const x = "a";', 'ts');
  t.match(html, /<span class="hljs-keyword">const<\/span>/);
  t.match(html, /<span class="hljs-string">&quot;a&quot;<\/span>/, 'code is escaped');
  t.equal(await loadHighlighter('cobol'), undefined, 'unknown: nothing loaded');
});
