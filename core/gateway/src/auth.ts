import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesAccessCode } from './auth/access-code.js';
import {
  KEY_MATERIAL,
  UNSIGNED_TOKEN_PREFIX,
  verifyToken,
  type SignatureVerifier,
  type TokenPayload,
} from '@manifold/core/auth/token';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { GatewayConfig } from './config.js';
import {
  asOtelTraceId,
  newSpanId,
  newTraceId,
  parseTraceparent,
  type RemoteParent,
} from './tracing/trace-context.js';

/** Header carrying the caller's token (CONTRACT §2). */
export const AUTH_HEADER = 'x-manifold-auth';
/** Optional tracing header: base64 JSON `{enabled, traceId?, sessionId?, topicId?, tags?}`. */
export const TRACE_HEADER = 'x-manifold-trace';

/**
 * What a trace request asks for, when `enabled` is true. With OpenTelemetry on, the ids are the
 * trace id and the id of the request's span (CONTRACT §10).
 */
export interface TraceRequest {
  traceId: string;
  observationId: string;
  /** The caller's span from a W3C `traceparent` (OpenTelemetry on): the request's span joins it. */
  parent?: RemoteParent;
  sessionId?: string;
  topicId?: string;
  tags?: string[];
}

/** The signed-in person a request acts for (CONTRACT §9). */
export interface AccountUser {
  id: string;
  email: string;
  name: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified token payload: access code, user id and key-vault fields. */
    auth: TokenPayload;
    /**
     * The person signed in by session cookie or API key (`accounts/current-user.ts`); undefined
     * when signed out, and always without accounts.
     */
    user: AccountUser | undefined;
    /** Set when the caller allowed tracing. */
    trace: TraceRequest | undefined;
  }
}

const HMAC_KEY = createHash('sha256').update(KEY_MATERIAL, 'utf8').digest();

/** The token MAC checked synchronously with node:crypto (WebCrypto's async verify costs a thread hop). */
const verifySignature: SignatureVerifier = (input, signature) => {
  const expected = createHmac('sha256', HMAC_KEY).update(input).digest();
  return signature.length === expected.length && timingSafeEqual(expected, signature);
};

/**
 * The trace a request allows (`X-Manifold-Trace` with `enabled: true`), else undefined. Without
 * OpenTelemetry the ids are the given `traceId` (else a UUID) and a new UUID; with it they are
 * OpenTelemetry ids, chosen now so the headers can name the span that will be exported: the trace
 * of `traceparent`, else the given `traceId` when it can be one (a UUID), else a new one.
 */
export function readTrace(request: FastifyRequest, otel: boolean): TraceRequest | undefined {
  const header = request.headers[TRACE_HEADER];
  if (typeof header !== 'string' || header === '') return undefined;
  try {
    const value = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as Record<
      string,
      unknown
    >;
    if (value?.enabled !== true) return undefined;
    const text = (key: string) =>
      typeof value[key] === 'string' ? (value[key] as string).slice(0, 200) : undefined;
    const parent = otel ? parseTraceparent(request.headers.traceparent) : undefined;
    return {
      ...(otel
        ? {
            traceId: parent?.traceId ?? asOtelTraceId(text('traceId')) ?? newTraceId(),
            observationId: newSpanId(),
            ...(parent && { parent }),
          }
        : { traceId: text('traceId') ?? randomUUID(), observationId: randomUUID() }),
      ...(text('sessionId') ? { sessionId: text('sessionId') } : {}),
      ...(text('topicId') ? { topicId: text('topicId') } : {}),
      ...(Array.isArray(value.tags)
        ? { tags: value.tags.filter((tag) => typeof tag === 'string').slice(0, 20) }
        : {}),
    };
  } catch {
    // a malformed trace header only means no tracing
    return undefined;
  }
}

/**
 * Signed tokens verified lately, until their `exp`: a page sends one token for many requests (it
 * lives 100 s), and verifying it (an HMAC, base64 and JSON decoding) was ~25 µs of every chat
 * request. Only signed tokens are kept: whether an unsigned one is accepted depends on the config.
 */
const verifiedTokens = new Map<string, { payload: TokenPayload; until: number }>();
const VERIFIED_TOKENS_MAX = 1024;

/** The `exp` of a verified token's claims, in ms. */
function expiryOf(token: string): number {
  const claims = token.slice(token.indexOf('.') + 1, token.lastIndexOf('.'));
  const { exp } = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as { exp: number };
  return exp * 1000;
}

/** Verify an `X-Manifold-Auth` token (CONTRACT §2): its payload, or the ManifoldError it fails with. */
export async function readAuthToken(header: string, config: GatewayConfig): Promise<TokenPayload> {
  const token = header.trim();
  const known = verifiedTokens.get(token);
  if (known) {
    if (Date.now() < known.until) return { ...known.payload };
    verifiedTokens.delete(token);
  }
  const payload = await verifyToken(token, {
    allowUnsigned: config.allowUnsignedTokens,
    verifySignature,
  });
  if (!token.startsWith(UNSIGNED_TOKEN_PREFIX)) {
    // tokens carry the caller's keys: expired ones leave (they come in about the order they expire)
    const now = Date.now();
    for (const [old, { until }] of verifiedTokens) {
      if (until > now && verifiedTokens.size < VERIFIED_TOKENS_MAX) break;
      verifiedTokens.delete(old);
    }
    verifiedTokens.set(token, { payload: { ...payload }, until: expiryOf(token) });
  }
  return payload;
}

/** Set `request.trace` from `X-Manifold-Trace`; a traced call answers with its trace ids. */
export function applyTrace(
  request: FastifyRequest,
  reply: FastifyReply,
  config: GatewayConfig,
): void {
  request.trace = readTrace(request, config.tracing !== undefined);
  if (request.trace) {
    reply.header('x-manifold-trace-id', request.trace.traceId);
    reply.header('x-manifold-observation-id', request.trace.observationId);
  }
}

/**
 * preHandler of every `/webapi/*` route: verify the token, check the access code (or an own
 * `apiKey`), read the trace request. A signed-in person (session or API key, CONTRACT §9) needs
 * no access code, and the token only when it carries provider credentials; their id is the
 * token's `userId`.
 */
export function createAuthHook(config: GatewayConfig) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const header = request.headers[AUTH_HEADER];
    const user = request.user;
    let payload: TokenPayload = {};
    if (typeof header === 'string' && header.trim() !== '') {
      payload = await readAuthToken(header, config);
    } else if (!user) {
      throw new ManifoldError('InvalidAccessCode', { message: 'Missing X-Manifold-Auth header' });
    }
    if (user) payload = { ...payload, userId: user.id };
    else if (
      config.accessCodes.length > 0 &&
      !payload.apiKey &&
      !matchesAccessCode(payload.accessCode, config.accessCodes)
    ) {
      throw new ManifoldError('InvalidAccessCode', {
        message: payload.accessCode
          ? 'The access code is not correct'
          : 'An access code is required',
      });
    }
    request.auth = payload;
    applyTrace(request, reply, config);
  };
}
