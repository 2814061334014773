import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BetterAuth } from './better-auth.js';
import { webHeaders } from './current-user.js';

/** Largest body the auth routes take (credentials, a name, an OAuth callback form). */
const AUTH_BODY_LIMIT = 64 * 1024;

/** The Fastify request as the Web `Request` better-auth handles. */
function toWebRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  const headers = webHeaders(request.headers);
  // the client's address as Fastify trusts it (trustProxy), not a header the client wrote
  headers.set('x-forwarded-for', request.ip);
  const body =
    Buffer.isBuffer(request.body) && request.body.length > 0
      ? new Uint8Array(request.body)
      : undefined;
  return new Request(url, { method: request.method, headers, body });
}

/** Add `Secure` to a cookie sent over https (better-auth is told not to pick by itself). */
const secured = (cookie: string) => (/;\s*secure\b/i.test(cookie) ? cookie : `${cookie}; Secure`);

/**
 * `/api/auth/*` (CONTRACT §9): every better-auth endpoint — sign-up, sign-in, sign-out,
 * get-session, OAuth redirects and callbacks, revoke-sessions, delete-user — through one
 * catch-all route that hands a Web `Request` to better-auth and writes its `Response` back.
 */
export async function registerAuthRoutes(
  app: FastifyInstance,
  options: { auth: BetterAuth; secureCookies: boolean },
): Promise<void> {
  await app.register(async (scope) => {
    // better-auth reads bodies itself (JSON, or a form for OAuth form_post callbacks)
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: AUTH_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );
    scope.route({
      method: ['GET', 'POST'],
      url: '/api/auth/*',
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const response = await options.auth.handler(toWebRequest(request));
        reply.status(response.status);
        response.headers.forEach((value, name) => {
          if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
        });
        const https = options.secureCookies || request.protocol === 'https';
        const cookies = response.headers.getSetCookie().map((c) => (https ? secured(c) : c));
        if (cookies.length > 0) reply.header('set-cookie', cookies);
        return reply.send(Buffer.from(await response.arrayBuffer()));
      },
    });
  });
}
