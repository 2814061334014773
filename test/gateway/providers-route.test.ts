// GET /providers: gzipped for clients that take it, identical when decoded, and a 304 for a client
// that already has the current body.
import { gunzipSync } from 'node:zlib';
import t from 'tap';
import { acceptsGzip } from '@manifold/gateway/routes/providers';
import { startGateway } from '../helpers/gateway.js';

t.test('the body is gzipped when the client takes gzip, plain otherwise', async (t) => {
  const { app } = await startGateway(t, {}, { listen: false });
  const plain = await app.inject({ method: 'GET', url: '/providers' });
  t.equal(plain.statusCode, 200);
  t.notOk(plain.headers['content-encoding'], 'no encoding without Accept-Encoding');
  t.match(plain.headers['content-type'], /^application\/json/);
  t.equal(plain.headers.vary, 'accept-encoding');
  const providers = (plain.json() as { providers: { id: string }[] }).providers;
  t.ok(providers.length >= 62, `${providers.length} providers listed`);

  const zipped = await app.inject({
    method: 'GET',
    url: '/providers',
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  t.equal(zipped.headers['content-encoding'], 'gzip');
  t.equal(gunzipSync(zipped.rawPayload).toString('utf8'), plain.body, 'same body once decoded');
  t.ok(
    zipped.rawPayload.length * 4 < plain.rawPayload.length,
    `gzip ${zipped.rawPayload.length} B of ${plain.rawPayload.length} B`,
  );

  const refused = await app.inject({
    method: 'GET',
    url: '/providers',
    headers: { 'accept-encoding': 'gzip;q=0, identity' },
  });
  t.notOk(refused.headers['content-encoding'], 'gzip;q=0 is honoured');
});

t.test('a client with the current ETag gets 304 and no body', async (t) => {
  const { app } = await startGateway(t, {}, { listen: false });
  const first = await app.inject({ method: 'GET', url: '/providers' });
  const etag = first.headers.etag;
  t.match(etag, /^"[\w-]+"$/);
  const again = await app.inject({
    method: 'GET',
    url: '/providers',
    headers: { 'if-none-match': String(etag) },
  });
  t.equal(again.statusCode, 304);
  t.equal(again.body, '');
  const stale = await app.inject({
    method: 'GET',
    url: '/providers',
    headers: { 'if-none-match': '"something-else"' },
  });
  t.equal(stale.statusCode, 200);
});

t.test('a configuration change changes the ETag', async (t) => {
  const { app: a } = await startGateway(t, {}, { listen: false });
  const { app: b } = await startGateway(t, { ENABLED_GROQ: '1' }, { listen: false });
  const etagA = (await a.inject({ method: 'GET', url: '/providers' })).headers.etag;
  const etagB = (await b.inject({ method: 'GET', url: '/providers' })).headers.etag;
  t.not(etagA, etagB);
});

t.test('acceptsGzip reads Accept-Encoding', async (t) => {
  t.ok(acceptsGzip('gzip'));
  t.ok(acceptsGzip('br, GZIP;q=0.5'));
  t.ok(acceptsGzip('*'));
  t.notOk(acceptsGzip(undefined));
  t.notOk(acceptsGzip('br, deflate'));
  t.notOk(acceptsGzip('gzip;q=0'));
  t.notOk(acceptsGzip('x-gzip'));
});
