import type { FastifyInstance } from 'fastify';

/** Whether an `Accept-Encoding` header takes gzip (and does not refuse it with `q=0`). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * `GET /providers` (CONTRACT §3): the manifests, serialised and gzipped once per change. The body
 * grows with every provider and model card (about 190 KB for 63 providers), so it is sent gzipped
 * to clients that take it (about 25 KB), with an ETag so a client that has it gets a 304.
 */
export function registerProvidersRoute(app: FastifyInstance): void {
  app.get('/providers', async (request, reply) => {
    const payload = app.registry.manifestsPayload();
    reply.header('etag', payload.etag).header('vary', 'accept-encoding');
    reply.header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === payload.etag) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    if (acceptsGzip(request.headers['accept-encoding'])) {
      return reply.header('content-encoding', 'gzip').send(payload.gzip);
    }
    return reply.send(payload.json);
  });
}
