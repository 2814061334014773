import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { SharedState } from '../shared/state.js';

const MINUTE = 60_000;

/** The routes a rate limit applies to: the browser's and the `/v1` APIs'. */
const LIMITED = /^\/(webapi|v1)\//;
/** The chat routes a token limit applies to. */
const CHAT_ROUTES = new Set(['/webapi/chat/:provider', '/v1/chat/completions', '/v1/messages']);

declare module 'fastify' {
  interface FastifyRequest {
    /** Counts a chat's reported tokens against its caller's `RATE_LIMIT_TPM` (set on chat routes). */
    countTokens: ((tokens: number) => void) | undefined;
  }
}

/**
 * Whom a limit counts: the signed-in person (session or personal key), else the `/v1` API key (its
 * SHA-256, never the key), else the client's address (behind a proxy, `X-Forwarded-For`).
 */
export function limitKey(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.id}`;
  const header = request.headers.authorization ?? request.headers['x-api-key'];
  if (request.apiKey && typeof header === 'string')
    return `key:${createHash('sha256').update(header).digest('base64url')}`;
  return `ip:${request.ip}`;
}

function quotaError(message: string): ManifoldError {
  return new ManifoldError('QuotaLimitReached', { message });
}

/** Token counters of one minute per caller: in Redis when shared, else in this process. */
class TokenWindow {
  private readonly local = new Map<string, { used: number; resetAt: number }>();
  constructor(private readonly shared: SharedState | undefined) {}

  private own(key: string) {
    const now = Date.now();
    let entry = this.local.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { used: 0, resetAt: now + MINUTE };
      this.local.set(key, entry);
      if (this.local.size > 100_000)
        for (const [name, each] of this.local) if (each.resetAt <= now) this.local.delete(name);
    }
    return entry;
  }

  async used(key: string): Promise<{ used: number; resetInMs: number }> {
    const remote = this.shared && (await this.shared.peek(`tpm:${key}`));
    if (remote) return { used: remote.value, resetInMs: remote.ttlMs };
    const entry = this.own(key);
    return { used: entry.used, resetInMs: entry.resetAt - Date.now() };
  }

  add(key: string, tokens: number): void {
    const shared = this.shared;
    if (!shared || shared.status() !== 'up') {
      this.own(key).used += tokens;
      return;
    }
    void shared.add(`tpm:${key}`, tokens, MINUTE).then((value) => {
      if (value === undefined) this.own(key).used += tokens;
    });
  }
}

/**
 * `RATE_LIMIT_RPM` through `@fastify/rate-limit` (its Redis store when shared) and
 * `RATE_LIMIT_TPM` from the usage chats report (CONTRACT §11): over either → 429
 * `QuotaLimitReached` with `Retry-After`. Checked after authentication (a `preHandler`), so a
 * signed-in person is counted as themselves. Register before the routes.
 */
export async function installRateLimits(
  app: FastifyInstance,
  options: { rpm: number; tpm: number; shared: SharedState | undefined },
): Promise<void> {
  app.decorateRequest('countTokens', undefined);
  if (options.rpm > 0) {
    const { default: rateLimit } = await import('@fastify/rate-limit');
    await app.register(rateLimit, {
      global: true,
      hook: 'preHandler',
      max: options.rpm,
      timeWindow: MINUTE,
      keyGenerator: limitKey,
      allowList: (request) => !LIMITED.test(request.url),
      ...(options.shared && { redis: options.shared.client, nameSpace: 'manifold:rpm:' }),
      // Redis down: requests pass rather than fail (chats are still served)
      skipOnError: true,
      errorResponseBuilder: (_request, context) =>
        quotaError(
          `Rate limit reached: ${context.max} requests per minute; retry in ${context.after}`,
        ),
    });
  }
  if (options.tpm > 0) {
    const window = new TokenWindow(options.shared);
    const check = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = limitKey(request);
      const { used, resetInMs } = await window.used(key);
      if (used >= options.tpm) {
        reply.header('retry-after', String(Math.max(1, Math.ceil(resetInMs / 1000))));
        throw quotaError(`Token limit reached: ${options.tpm} tokens per minute`);
      }
      request.countTokens = (tokens) => window.add(key, tokens);
    };
    app.addHook('onRoute', (route) => {
      if (!CHAT_ROUTES.has(route.url) && !CHAT_ROUTES.has(route.path)) return;
      const existing = route.preHandler;
      route.preHandler = [
        ...(Array.isArray(existing) ? existing : existing ? [existing] : []),
        check,
      ] as typeof route.preHandler;
    });
  }
}
