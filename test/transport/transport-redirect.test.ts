/**
 * The transport refuses redirects; the fault keeps where the redirect pointed, for a caller that
 * follows redirects itself and checks each hop (the crawl tool), and keeps it out of the details
 * that reach a client.
 */
import t from 'tap';
import { leanFetch } from '@manifold/transport';
import { startHostileUpstream } from '@manifold/provider-kit/fakes/hostile';

t.test(
  'a refused redirect keeps its target, resolved, out of the client-facing details',
  async (t) => {
    const upstream = await startHostileUpstream(t);
    upstream.answer((request, response) => {
      response.writeHead(request.url === '/relative' ? 302 : 301, {
        location: request.url === '/relative' ? '../next/page?x=1' : 'https://other.example/to',
      });
      response.end();
    });
    await t.rejects(leanFetch(`${upstream.origin}/relative`), {
      name: 'UpstreamFault',
      reason: 'redirect',
      location: `${upstream.origin}/next/page?x=1`,
      details: { status: 302 },
    });
    const error = await leanFetch(`${upstream.origin}/absolute`).catch((error: unknown) => error);
    t.match(error, { reason: 'redirect', location: 'https://other.example/to' });
    t.same(Object.keys((error as { details: object }).details), ['status']);
  },
);

t.test('a redirect without a Location has no target', async (t) => {
  const upstream = await startHostileUpstream(t);
  upstream.answer((_request, response) => {
    response.writeHead(307);
    response.end();
  });
  const error = await leanFetch(`${upstream.origin}/x`).catch((error: unknown) => error);
  t.match(error, { reason: 'redirect' });
  t.equal((error as { location?: string }).location, undefined);
});
