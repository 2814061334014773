import t from 'tap';
import { highlightCode } from '../../web/src/lib/highlight.js';

t.test('a registered language is highlighted, aliases included', async (t) => {
  const html = highlightCode('const x = "a";', 'ts');
  t.match(html, /<span class="hljs-keyword">const<\/span>/);
  t.match(html, /<span class="hljs-string">&quot;a&quot;<\/span>/);
  t.match(highlightCode('print(1)', 'py'), /hljs-built_in|hljs-number/);
});

t.test('an unknown or missing language gives undefined so the code stays plain', async (t) => {
  t.equal(highlightCode('x', 'cobol'), undefined);
  t.equal(highlightCode('x', undefined), undefined);
  t.equal(highlightCode('x', ''), undefined);
});
