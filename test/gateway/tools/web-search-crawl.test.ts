/**
 * The web-search tool's `crawl`: pages read through the guarded fetch, HTML reduced to its main
 * content as Markdown (Readability), text passed through, other types refused, caps, redirects
 * followed with each hop checked, one failing URL reported in its place, loopback refused under
 * the public-only fetch.
 */
import t, { type Test } from 'tap';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { leanFetch } from '@manifold/transport';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { createPublicOnlyFetch } from '@manifold/gateway/base-url';
import { createWebSearchSource } from '@manifold/gateway/tools/web-search/index';
import type { ToolSource } from '@manifold/gateway/tools/types';
import { HtmlExtractor } from '@manifold/gateway/tools/web-search/extractor';
import { callContext } from './web-search-helpers.js';

const ARTICLE = `<!doctype html>
<html><head><meta charset="utf-8"><title>How tides work | Ocean Notes</title>
<style>body { color: red }</style><script>window.tracking = "SCRIPT-TEXT";</script></head>
<body>
<nav><a href="/">Home</a> <a href="/about">NAV-LINK-ABOUT</a></nav>
<article>
<h1>How tides work</h1>
<p>Tides are the rise and fall of sea levels caused by the combined effects of the gravitational
forces exerted by the <a href="/moon">Moon</a> and the Sun, and the rotation of the Earth.
${'Most places in the ocean usually experience two high tides and two low tides each day. '.repeat(8)}</p>
<h2>Spring and neap tides</h2>
<p>When the Sun and Moon are aligned, their effects add up to spring tides.
${'The range between high and low water is largest then, and smallest at neap tides. '.repeat(8)}</p>
<pre><code>range = high - low</code></pre>
<p><img src="/diagram.png" alt="Tide diagram"> <img src="data:image/png;base64,AAAA" alt=""></p>
</article>
<footer>FOOTER-COPYRIGHT 2025</footer>
</body></html>`;

type Route = (request: IncomingMessage, response: ServerResponse) => void;

/** A small web site on 127.0.0.1, recording the paths asked for. */
async function startSite(t: Test, routes: Record<string, Route>) {
  const paths: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    paths.push(path);
    const route = routes[path];
    if (route) return route(request, response);
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<h1>Not here</h1>');
  });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    for (const socket of sockets) socket.destroy();
    return new Promise((resolve) => server.close(resolve));
  });
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, paths };
}

const send =
  (type: string, body: string | Buffer, status = 200): Route =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': type });
    response.end(body);
  };
const redirect =
  (location: string, status = 302): Route =>
  (_request, response) => {
    response.writeHead(status, { location });
    response.end();
  };

function tool(t: Test, options: { pageTimeoutMs?: number } = {}): ToolSource {
  const source = createWebSearchSource({ SEARXNG_URL: 'http://127.0.0.1:9' }, options)!;
  t.teardown(() => source.close?.());
  return source;
}

async function crawl(t: Test, urls: string[], guarded: typeof fetch = leanFetch, source = tool(t)) {
  return source.call('web-search', 'crawl', { urls }, callContext({ guarded }));
}

async function crawlFailure(t: Test, urls: string[], guarded: typeof fetch = leanFetch) {
  const error = await crawl(t, urls, guarded).catch((error: unknown) => error);
  t.type(error, ManifoldError);
  t.equal((error as ManifoldError).errorType, 'PluginGatewayError');
  return String((error as ManifoldError).body.message);
}

t.test('an HTML page is read as its main content in Markdown, links made absolute', async (t) => {
  const site = await startSite(t, { '/tides': send('text/html; charset=utf-8', ARTICLE) });
  const result = await crawl(t, [`${site.origin}/tides`]);
  t.match(
    result.text,
    /^\[1\] How tides work \| Ocean Notes\nURL: http:\/\/127\.0\.0\.1:\d+\/tides\n\n/,
  );
  t.match(result.text, '## Spring and neap tides');
  t.match(result.text, `[Moon](${site.origin}/moon)`);
  t.match(result.text, '```\nrange = high - low\n```');
  t.match(result.text, `![Tide diagram](${site.origin}/diagram.png)`);
  for (const noise of [
    'NAV-LINK-ABOUT',
    'FOOTER-COPYRIGHT',
    'SCRIPT-TEXT',
    'color: red',
    'data:image',
  ])
    t.notMatch(result.text, noise, `no ${noise}`);
  t.same(result.grounding, {
    citations: [
      {
        title: 'How tides work | Ocean Notes',
        url: `${site.origin}/tides`,
        favicon: `${site.origin}/favicon.ico`,
      },
    ],
  });
});

t.test('a page without an article is read whole, without its navigation', async (t) => {
  const site = await startSite(t, {
    '/home': send(
      'text/html',
      '<html><head><title>Shop</title></head><body><nav>NAV-MENU</nav><ul><li>Apples</li><li>Pears</li></ul></body></html>',
    ),
  });
  const result = await crawl(t, [`${site.origin}/home`]);
  t.match(result.text, '[1] Shop');
  t.match(result.text, /-\s+Apples\n-\s+Pears/);
  t.notMatch(result.text, 'NAV-MENU');
});

t.test('plain text and Markdown pass as they are; the charset is respected', async (t) => {
  const site = await startSite(t, {
    '/notes.md': send('text/markdown; charset=utf-8', '# Release notes\n\n- faster *parsing*\n'),
    '/latin.txt': send('text/plain; charset=iso-8859-1', Buffer.from('Caf\xe9 cr\xe8me', 'latin1')),
  });
  const result = await crawl(t, [`${site.origin}/notes.md`, `${site.origin}/latin.txt`]);
  t.match(result.text, '[1] Release notes\n');
  t.match(result.text, '# Release notes\n\n- faster *parsing*');
  t.match(result.text, `[2] ${site.origin}/latin.txt\nURL: ${site.origin}/latin.txt\n\nCafé crème`);
});

t.test('other types are refused for that URL only; all refused fails the call', async (t) => {
  const site = await startSite(t, {
    '/paper.pdf': send('application/pdf', '%PDF-1.7 binary'),
    '/data.json': send('application/json', '{"a":1}'),
    '/ok': send('text/plain', 'fine'),
  });
  const result = await crawl(t, [`${site.origin}/paper.pdf`, `${site.origin}/ok`]);
  t.match(
    result.text,
    `[1] ${site.origin}/paper.pdf\nError: the page is application/pdf, which crawl does not read (it reads HTML, plain text and Markdown)`,
  );
  t.match(result.text, '[2] ');
  t.match(result.text, '\nfine');
  t.equal(result.grounding?.citations.length, 1, 'only the page read is a citation');
  const message = await crawlFailure(t, [`${site.origin}/paper.pdf`, `${site.origin}/data.json`]);
  t.match(
    message,
    /^No page could be read: .*paper\.pdf: the page is application\/pdf.*; .*data\.json: the page is application\/json/,
  );
});

t.test('an error status and a page with no text are reported per URL', async (t) => {
  const site = await startSite(t, {
    '/app': send(
      'text/html',
      '<html><body><div id="root"></div><script>render()</script></body></html>',
    ),
    '/ok': send('text/plain', 'fine'),
  });
  const result = await crawl(t, [
    `${site.origin}/missing`,
    `${site.origin}/app`,
    `${site.origin}/ok`,
  ]);
  t.match(result.text, `[1] ${site.origin}/missing\nError: the page answered 404 Not Found`);
  t.match(
    result.text,
    `[2] ${site.origin}/app\nError: the page has no readable text (it may need JavaScript)`,
  );
});

t.test('a long page is cut at 32,000 characters; a body over 2 MiB is refused', async (t) => {
  const words = 'The quick brown fox jumps over the lazy dog again and again. ';
  const site = await startSite(t, {
    '/long.txt': send('text/plain', words.repeat(1000)),
    '/huge.html': send(
      'text/html',
      `<html><body><p>${'x'.repeat(3 * 1024 * 1024)}</p></body></html>`,
    ),
  });
  const result = await crawl(t, [`${site.origin}/long.txt`, `${site.origin}/huge.html`]);
  const [first, second] = result.text.split('\n\n---\n\n');
  const content = first!.split('\n\n').slice(1).join('\n\n');
  t.ok(content.startsWith(words.slice(0, 40)));
  t.match(content, `… [${words.repeat(1000).trim().length - 32_000} more characters]`);
  t.equal(content.indexOf('…'), 32_000, 'cut at 32,000 characters');
  t.match(second, `${site.origin}/huge.html\nError: the page is larger than 2 MiB`);
});

t.test(
  'redirects are followed up to three times, each hop through the guarded fetch',
  async (t) => {
    const site = await startSite(t, {
      '/r3': redirect('/r2', 301),
      '/r2': redirect('r1', 307),
      '/r1': redirect('/tides', 308),
      '/tides': send('text/html', ARTICLE),
      '/r4': redirect('/r3'),
      '/to-private': redirect('/private/admin'),
      '/to-file': redirect('file:///etc/passwd'),
    });
    const asked: string[] = [];
    // a guarded fetch refusing /private/*, as BASE_URL_POLICY=public refuses a private address
    const guarded = ((input: string | URL | Request, init?: RequestInit) => {
      const url = String(input);
      asked.push(new URL(url).pathname);
      if (new URL(url).pathname.startsWith('/private'))
        return Promise.reject(
          new ManifoldError('BadRequest', {
            message:
              'url points to a private, loopback or reserved address (10.0.0.8), which this gateway does not allow',
          }),
        );
      return leanFetch(input, init);
    }) as typeof fetch;
    const result = await crawl(
      t,
      [
        `${site.origin}/r3`,
        `${site.origin}/r4`,
        `${site.origin}/to-private`,
        `${site.origin}/to-file`,
      ],
      guarded,
    );
    const [first, second, third, fourth] = result.text.split('\n\n---\n\n');
    t.match(
      first,
      `[1] How tides work | Ocean Notes\nURL: ${site.origin}/tides\n(redirected from ${site.origin}/r3)`,
    );
    t.match(second, `[2] ${site.origin}/r4\nError: more than 3 redirects`);
    t.match(
      third,
      `[3] ${site.origin}/to-private\nError: url points to a private, loopback or reserved address (10.0.0.8)`,
    );
    t.match(
      fourth,
      `[4] ${site.origin}/to-file\nError: redirected to a non-http(s) URL (file:///etc/passwd)`,
    );
    t.ok(asked.includes('/private/admin'), 'the redirect target went through the guarded fetch');
    t.notOk(site.paths.includes('/private/admin'), 'and was never requested');
    t.same(
      result.grounding?.citations.map((citation) => citation.url),
      [`${site.origin}/tides`],
    );
  },
);

t.test('under the public-only fetch a loopback page is refused before connecting', async (t) => {
  const site = await startSite(t, { '/tides': send('text/html', ARTICLE) });
  const port = new URL(site.origin).port;
  const message = await crawlFailure(
    t,
    [`${site.origin}/tides`, `http://localhost:${port}/tides`, `http://[::1]:${port}/tides`],
    createPublicOnlyFetch('url'),
  );
  t.match(
    message,
    `http://127.0.0.1:${port}/tides: url points to a private, loopback or reserved address (127.0.0.1)`,
  );
  t.match(
    message,
    `http://localhost:${port}/tides: url points to a private, loopback or reserved address (localhost)`,
  );
  t.match(
    message,
    `http://[::1]:${port}/tides: url points to a private, loopback or reserved address (::1)`,
  );
  t.same(site.paths, [], 'the site was never reached');
});

t.test('a page that does not answer in time is reported; an abort ends the crawl', async (t) => {
  const site = await startSite(t, {
    '/slow': () => undefined,
    '/ok': send('text/plain', 'fine'),
  });
  const source = tool(t, { pageTimeoutMs: 300 });
  const result = await crawl(t, [`${site.origin}/slow`, `${site.origin}/ok`], leanFetch, source);
  t.match(result.text, `[1] ${site.origin}/slow\nError: no answer within 0.3 s`);

  const controller = new AbortController();
  const call = source.call(
    'web-search',
    'crawl',
    { urls: [`${site.origin}/slow`] },
    callContext({ signal: controller.signal }),
  );
  while (site.paths.filter((path) => path === '/slow').length < 2)
    await new Promise((resolve) => setTimeout(resolve, 5));
  const reason = new Error('the client left');
  controller.abort(reason);
  await t.rejects(call, reason);
});

t.test('pages are reduced in a worker thread, which a stuck page restarts', async (t) => {
  const extractor = new HtmlExtractor();
  t.teardown(() => extractor.close());
  const html = `<html><head><title>T</title></head><body><article><h1>T</h1>${'<p>Words of the page, many of them. </p>'.repeat(200)}</article></body></html>`;
  const page = await extractor.extract(html, 'https://example.com/t', 10_000);
  t.equal(page.title, 'T');
  t.match(page.markdown, /^Words of the page, many of them\.\n\nWords/);
  const [stuck, queued] = await Promise.allSettled([
    extractor.extract(html, 'https://example.com/t', 1),
    extractor.extract(html, 'https://example.com/t', 10_000),
  ]);
  t.match(stuck, {
    status: 'rejected',
    reason: { message: 'reading the page took longer than 0.001 s' },
  });
  t.match(queued, {
    status: 'rejected',
    reason: { message: 'the page reader was restarted' },
  });
  const again = await extractor.extract(html, 'https://example.com/t', 10_000);
  t.equal(again.markdown, page.markdown, 'a new worker reads the next page');
  const aborted = AbortSignal.abort(new Error('the client left'));
  await t.rejects(extractor.extract(html, 'https://example.com/t', 10_000, aborted), {
    message: 'the client left',
  });
});
