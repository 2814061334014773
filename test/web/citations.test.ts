import t from 'tap';
import {
  citationHost,
  citationView,
  citationViews,
  faviconUrl,
  httpUrl,
} from '../../web/src/features/chat/stores/citations.js';

t.test('httpUrl keeps only http and https URLs', async (t) => {
  t.equal(httpUrl('https://example.com/a')?.href, 'https://example.com/a');
  t.equal(httpUrl('http://example.com')?.href, 'http://example.com/');
  t.equal(httpUrl('javascript:alert(1)'), undefined, 'javascript: is not a link');
  t.equal(httpUrl('data:text/html,hi'), undefined);
  t.equal(httpUrl('ftp://example.com'), undefined);
  t.equal(httpUrl('not a url'), undefined);
  t.equal(httpUrl(undefined), undefined);
});

t.test('citationHost drops www. and is empty for non-URLs', async (t) => {
  t.equal(citationHost('https://www.Example.com/x'), 'example.com');
  t.equal(citationHost('https://docs.python.org/3/'), 'docs.python.org');
  t.equal(citationHost('no url'), '');
});

t.test('faviconUrl only uses what the citation named', async (t) => {
  t.equal(faviconUrl('https://example.com/favicon.ico'), 'https://example.com/favicon.ico');
  t.equal(faviconUrl('data:image/png;base64,AAAA'), 'data:image/png;base64,AAAA');
  t.equal(faviconUrl('example.com'), undefined, 'a bare host is not fetched');
  t.equal(faviconUrl('javascript:alert(1)'), undefined);
  t.equal(faviconUrl(undefined), undefined);
});

t.test('citationView: title, else host; letter badge without favicon', async (t) => {
  t.same(citationView({ title: 'Python docs', url: 'https://docs.python.org/3/' }, 0), {
    n: 1,
    label: 'Python docs',
    host: 'docs.python.org',
    letter: 'D',
    href: 'https://docs.python.org/3/',
  });
  const untitled = citationView(
    { title: 'https://www.wikipedia.org/wiki/X', url: 'https://www.wikipedia.org/wiki/X' },
    2,
  );
  t.equal(untitled.label, 'wikipedia.org', 'a title equal to the URL shows the host');
  t.equal(untitled.n, 3);
  t.equal(untitled.letter, 'W');
  const empty = citationView({ title: '  ', url: 'https://a.io' }, 0);
  t.equal(empty.label, 'a.io', 'a blank title shows the host');
  const withIcon = citationView(
    { title: 'X', url: 'https://x.com', favicon: 'https://x.com/icon.png' },
    0,
  );
  t.equal(withIcon.favicon, 'https://x.com/icon.png');
});

t.test('citationView: a non-http URL is plain text', async (t) => {
  const view = citationView({ title: 'Evil', url: 'javascript:alert(1)' }, 0);
  t.equal(view.href, undefined, 'no link');
  t.equal(view.label, 'Evil');
  t.equal(view.letter, 'E', 'letter from the label when there is no host');
  const bare = citationView({ title: '', url: 'mailto:a@b.c' }, 0);
  t.equal(bare.href, undefined);
  t.equal(bare.label, 'mailto:a@b.c');
});

t.test('citationViews numbers in order and drops duplicate URLs', async (t) => {
  const views = citationViews([
    { title: 'A', url: 'https://a.com' },
    { title: 'A again', url: 'https://a.com' },
    { title: 'B', url: 'https://b.com' },
  ]);
  t.same(
    views.map((v) => [v.n, v.label]),
    [
      [1, 'A'],
      [2, 'B'],
    ],
  );
  t.same(citationViews(undefined), []);
});
