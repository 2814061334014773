import fp from 'fastify-plugin';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { matchesAccessCode } from './access-code.js';

/** Who a verified API key belongs to (CONTRACT §10). */
export interface ApiKeyIdentity {
  /** `operator` for a `MANIFOLD_API_KEYS` key; a verifier names its own kind (`personal`, …). */
  kind: string;
  /** The key owner's user id, forwarded to providers as `user` and used for metering. */
  userId?: string;
  /** The key's id (for `lastUsedAt`, the ledger); never the key itself. */
  keyId?: string;
}

/**
 * Checks one presented API key. Returns who it belongs to, or `undefined` when it does not know the
 * key (the next verifier is asked). Throwing fails the request (e.g. a database that is down).
 * A verifier compares secrets in constant time, or compares hashes (personal `mk-…` keys are
 * stored hashed, CONTRACT §9).
 */
export type ApiKeyVerifier = (
  key: string,
  request: FastifyRequest,
) => ApiKeyIdentity | undefined | Promise<ApiKeyIdentity | undefined>;

/** The verifiers of the `/v1/*` APIs' keys, asked in the order they were added. */
export class ApiKeys {
  private readonly verifiers: ApiKeyVerifier[] = [];

  /** Add a verifier (the accounts feature adds the one of personal keys). */
  add(verifier: ApiKeyVerifier): void {
    this.verifiers.push(verifier);
  }

  /** True when no verifier is installed: no key can pass. */
  get empty(): boolean {
    return this.verifiers.length === 0;
  }

  /** The identity of the first verifier that knows the key; `undefined` when none does. */
  async verify(key: string, request: FastifyRequest): Promise<ApiKeyIdentity | undefined> {
    if (key === '') return undefined;
    for (const verifier of this.verifiers) {
      const identity = await verifier(key, request);
      if (identity) return identity;
    }
    return undefined;
  }
}

/**
 * The verifier of the operator's `MANIFOLD_API_KEYS`: SHA-256 digests compared in constant time,
 * every key checked whichever matches (the access-code comparison, CONTRACT §2).
 */
export function operatorKeys(keys: readonly string[]): ApiKeyVerifier {
  return (key) => (matchesAccessCode(key, keys) ? { kind: 'operator' } : undefined);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** API-key verifiers of the `/v1/*` APIs; `apiKeys.add(verifier)` plugs in another kind of key. */
    apiKeys: ApiKeys;
  }
  interface FastifyRequest {
    /** Who the request's API key belongs to, on the `/v1/*` routes. */
    apiKey: ApiKeyIdentity | undefined;
  }
}

/** Decorates the instance with `apiKeys`, holding the operator's keys when there are any. */
const apiKeysPlugin: FastifyPluginAsync<{ keys: readonly string[] }> = async (app, options) => {
  const apiKeys = new ApiKeys();
  if (options.keys.length > 0) apiKeys.add(operatorKeys(options.keys));
  app.decorate('apiKeys', apiKeys);
  app.decorateRequest('apiKey', undefined);
};

export default fp(apiKeysPlugin, { name: 'api-keys', fastify: '5.x' });
