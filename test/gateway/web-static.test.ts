/**
 * The web app's files: the top-level ones (index.html) each have a route, the bundles under
 * `assets/` are served by one wildcard route rather than a route per file (issue 19: ~700 files
 * were ~1,400 routes built at boot). Client-side routes get index.html when a browser asks.
 */
import t from 'tap';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '@manifold/gateway/app';
import { loadConfig } from '@manifold/gateway/config';

t.test('the web app: index.html, client routes and assets under one wildcard route', async (t) => {
  const root = join(tmpdir(), `manifold-web-${process.pid}`);
  mkdirSync(join(root, 'assets', 'fonts'), { recursive: true });
  t.teardown(() => rmSync(root, { recursive: true, force: true }));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>Manifold</title>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1);');
  writeFileSync(join(root, 'assets', 'fonts', 'a.woff2'), 'woff');

  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent' }, { webRoot: root }), {
    sources: [],
    logger: false,
  });
  t.teardown(() => app.close());

  t.ok(app.hasRoute({ method: 'GET', url: '/assets/*' }), 'assets: one wildcard route');
  t.notOk(app.hasRoute({ method: 'GET', url: '/assets/index-abc.js' }), 'not one per file');
  t.ok(app.hasRoute({ method: 'GET', url: '/index.html' }), 'top-level files: a route each');

  const script = await app.inject({ method: 'GET', url: '/assets/index-abc.js' });
  t.equal(script.statusCode, 200);
  t.equal(script.body, 'console.log(1);');
  t.match(script.headers['content-type'], /javascript/);
  const font = await app.inject({ method: 'HEAD', url: '/assets/fonts/a.woff2' });
  t.equal(font.statusCode, 200, 'HEAD, in a subfolder');
  t.equal(font.headers['content-length'], '4');

  for (const url of ['/', '/index.html', '/settings']) {
    const page = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    t.equal(page.statusCode, 200, `${url}: index.html`);
    t.match(page.body, '<title>Manifold</title>');
  }
  const api = await app.inject({ method: 'GET', url: '/settings' });
  t.equal(api.statusCode, 404, 'a client route asked without text/html: 404');
  for (const url of ['/assets/missing.js', '/assets/../../etc/passwd', '/assets/%2e%2e/%2e%2e/x']) {
    const missing = await app.inject({ method: 'GET', url });
    t.equal(missing.statusCode, 404, `${url}: 404`);
    t.equal(missing.json().errorType, 404);
  }
});
