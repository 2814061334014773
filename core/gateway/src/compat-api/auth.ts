import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { applyTrace, AUTH_HEADER, readAuthToken } from '../auth.js';
import type { GatewayConfig } from '../config.js';

/** The key a `/v1/*` request presents: `Authorization: Bearer <key>`, else `x-api-key`. */
function presentedKey(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization);
    if (match) return match[1];
  }
  // Anthropic's SDK sends its key in x-api-key, on /v1/messages and /v1/models alike
  const apiKey = request.headers['x-api-key'];
  return typeof apiKey === 'string' && apiKey.trim() !== '' ? apiKey.trim() : undefined;
}

/**
 * onRequest hook of every `/v1/*` request (CONTRACT §10): the API key must be known to a verifier
 * (`app.apiKeys`: `MANIFOLD_API_KEYS`, later personal keys), else 401 — `InvalidAccessCode` when
 * there is none, `InvalidUserKey` when it is unknown. Provider credentials are the server's; an
 * `X-Manifold-Auth` token may still carry the caller's own (verified as on `/webapi/*`, its
 * access code not needed). `X-Manifold-Trace` is read as on `/webapi/*`.
 */
export function createApiKeyHook(app: FastifyInstance, config: GatewayConfig) {
  return async function authenticateApiKey(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    const key = presentedKey(request);
    if (key === undefined) {
      throw new ManifoldError('InvalidAccessCode', {
        message: 'Missing API key: send "Authorization: Bearer <key>"',
      });
    }
    const identity = await app.apiKeys.verify(key, request);
    if (!identity) {
      throw new ManifoldError('InvalidUserKey', {
        message: app.apiKeys.empty
          ? 'The API key is not valid: this server has no API keys (set MANIFOLD_API_KEYS)'
          : 'The API key is not valid',
      });
    }
    request.apiKey = identity;
    const token = request.headers[AUTH_HEADER];
    request.auth =
      typeof token === 'string' && token.trim() !== '' ? await readAuthToken(token, config) : {};
    applyTrace(request, reply, config);
  };
}
