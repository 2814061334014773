import t from 'tap';
import type { Token, Tokens } from 'marked';
import {
  decodeEntities,
  healStreamingMarkdown,
  healTable,
  lexMarkdown,
  safeUrl,
} from '../../web/src/lib/markdown.js';

const types = (tokens: Token[]) => tokens.filter((x) => x.type !== 'space').map((x) => x.type);
const inline = (text: string) =>
  ((lexMarkdown(text)[0] as Tokens.Paragraph).tokens ?? []).map((x) =>
    x.type === 'math' ? `math(${x.text}${x.display ? ', display' : ''})` : `${x.type}(${x.raw})`,
  );

t.test('TeX math: $…$ and \\(…\\) inline, $$…$$ and \\[…\\] as display', async (t) => {
  t.same(inline('Euler: $e^{i\\pi}+1=0$.'), ['text(Euler: )', 'math(e^{i\\pi}+1=0)', 'text(.)']);
  t.same(inline('\\(a^2\\) and \\[b\\]'), ['math(a^2)', 'text( and )', 'math(b, display)']);
  t.same(inline('inline $$x$$ too'), ['text(inline )', 'math(x, display)', 'text( too)']);
  const block = lexMarkdown('Area:\n$$\n\\pi r^2\n$$\nafter');
  t.same(types(block), ['paragraph', 'math', 'paragraph'], 'a $$ block cuts the paragraph');
  t.match(block[1], { type: 'math', text: '\\pi r^2', display: true });
  t.same(types(lexMarkdown('\\[\n\\sum_i i\n\\]')), ['math']);
});

t.test('dollars that are money or code stay text', async (t) => {
  t.same(inline('It costs $5 and $10 today.'), ['text(It costs $5 and $10 today.)']);
  t.same(inline('$ x $ has spaces'), ['text($ x $ has spaces)']);
  t.same(inline('`$HOME` is code'), ['codespan(`$HOME`)', 'text( is code)']);
  const fence = lexMarkdown('```sh\necho $PATH $HOME\n```');
  t.match(fence[0], { type: 'code', text: 'echo $PATH $HOME', lang: 'sh' });
});

t.test('GFM: tables, task lists, strikethrough and autolinks', async (t) => {
  const [table] = lexMarkdown('| a | b |\n| --- | :-: |\n| 1 | 2 |');
  t.match(table, { type: 'table', align: [null, 'center'] });
  const [list] = lexMarkdown('- [x] done\n- [ ] todo') as Tokens.List[];
  t.same(
    list?.items.map((item) => [item.task, item.checked]),
    [
      [true, true],
      [true, false],
    ],
  );
  t.same(inline('~~old~~ https://example.com/a_b'), [
    'del(~~old~~)',
    'text( )',
    'link(https://example.com/a_b)',
  ]);
});

t.test('streaming: what is not finished yet renders as it will', async (t) => {
  t.equal(healStreamingMarkdown('This is **bold'), 'This is **bold**');
  t.match(
    healStreamingMarkdown('see [docs](https://exa'),
    /\[docs\]\(streamdown:incomplete-link\)/,
  );
  t.equal(healStreamingMarkdown('$$\nx^2'), '$$\nx^2\n$$', 'an open $$ is closed');
  t.match(
    lexMarkdown('$$\nx^2', true),
    [{ type: 'math', display: true, text: 'x^2' }],
    'and renders as display math',
  );
  const fence = lexMarkdown('```python\ndef f():', true);
  t.match(fence, [{ type: 'code', lang: 'python', text: 'def f():' }], 'an open fence is code');
  t.same(types(lexMarkdown('Some text\n-', true)), ['paragraph'], 'a lone - is no heading');
});

t.test('a table being written is a table from its header row on', async (t) => {
  t.equal(healTable('| a | b |'), '| a | b |\n| --- | --- |', 'header alone');
  t.equal(healTable('| a | b |\n|--'), '| a | b |\n| --- | --- |', 'part of the delimiter');
  t.equal(healTable('| a | b |\n| --- | --- |\n| 1 |'), '| a | b |\n| --- | --- |\n| 1 |');
  t.equal(
    healTable('| a | b |\n| --- | --- |\n| 1 | 2 |\n|'),
    '| a | b |\n| --- | --- |\n| 1 | 2 |\n|',
    'a body row is left alone',
  );
  t.equal(healTable('text | with pipes'), 'text | with pipes');
  t.equal(healTable('intro\n| a |'), 'intro\n| a |', 'a row right after text is not a header');
  t.same(types(lexMarkdown('Intro\n\n| a | b |\n|-', true)), ['paragraph', 'table']);
});

t.test('safeUrl: http(s), mailto and relative links; no scripts or data pages', async (t) => {
  t.equal(safeUrl('https://example.com/x'), 'https://example.com/x');
  t.equal(safeUrl(' HTTP://example.com '), 'HTTP://example.com');
  t.equal(safeUrl('mailto:a@b.c'), 'mailto:a@b.c');
  t.equal(safeUrl('#section'), '#section');
  t.equal(safeUrl('docs/page'), 'docs/page');
  t.equal(safeUrl('javascript:alert(1)'), undefined);
  t.equal(safeUrl('JavaScript:alert(1)'), undefined);
  t.equal(safeUrl('data:text/html,<script>'), undefined);
  t.equal(safeUrl('vbscript:x'), undefined);
  t.equal(safeUrl('streamdown:incomplete-link'), undefined, 'a link still being written');
  t.equal(safeUrl('//evil.example'), undefined, 'protocol-relative');
  t.equal(safeUrl('data:image/png;base64,AA', { image: true }), 'data:image/png;base64,AA');
  t.equal(safeUrl('data:image/svg+xml,<svg>', { image: true }), undefined, 'no SVG');
  t.equal(safeUrl('mailto:a@b.c', { image: true }), undefined);
});

t.test('decodeEntities: named and numeric references, unknown kept', async (t) => {
  t.equal(decodeEntities('a &amp; b &lt;c&gt; &copy; &#39;x&#x27;'), "a & b <c> © 'x'");
  t.equal(decodeEntities('&bogus; &#0; plain'), '&bogus; \ufffd plain');
  t.equal(decodeEntities('no refs'), 'no refs');
});

t.test('raw HTML is a token the app shows as text, never markup', async (t) => {
  const tokens = lexMarkdown('<img src=x onerror=alert(1)>\n\nhi <b>there</b>');
  t.match(tokens[0], { type: 'html' });
  t.ok(
    inline('hi <b>there</b>').some((x) => x.startsWith('html(')),
    'inline tags are html tokens',
  );
});
