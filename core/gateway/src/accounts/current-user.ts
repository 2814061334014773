import type { FastifyRequest } from 'fastify';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { AccountUser } from '../auth.js';
import { API_KEY_PREFIX, type ApiKeyRepository } from './api-keys.js';
import { SESSION_COOKIE, type BetterAuth } from './better-auth.js';

/** Node's request headers as a Web `Headers`. */
export function webHeaders(headers: FastifyRequest['headers']): Headers {
  const result = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) result.append(name, item);
    else result.set(name, String(value));
  }
  return result;
}

/**
 * Who sent a request: the owner of an `Authorization: Bearer mk-…` API key (an unknown key is a
 * 401, never anonymous use), else the person of a valid session cookie, else nobody (a stale
 * cookie is the same as none).
 */
export function userResolver(auth: BetterAuth, apiKeys: ApiKeyRepository) {
  return async (request: FastifyRequest): Promise<AccountUser | undefined> => {
    const authorization = request.headers.authorization;
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    if (bearer?.startsWith(API_KEY_PREFIX)) {
      const user = await apiKeys.verify(bearer);
      if (!user) throw new ManifoldError('InvalidAccessCode', { message: 'Unknown API key' });
      return user;
    }
    if (!request.headers.cookie?.includes(`${SESSION_COOKIE}=`)) return undefined;
    const session = await auth.api.getSession({ headers: webHeaders(request.headers) });
    if (!session) return undefined;
    const { id, email, name } = session.user;
    return { id, email, name };
  };
}

/**
 * True for the requests that act for a person: the web API and the OpenAI-compatible API. Read
 * from the route the request matched (`/%77ebapi/…` reaches `/webapi/…` too), else from its URL.
 */
export function isPersonalRequest(request: FastifyRequest): boolean {
  const path = request.routeOptions.url ?? request.url;
  return path.startsWith('/webapi/') || path.startsWith('/v1/');
}
