import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { matchesAccessCode } from './auth/access-code.js';
import {
  KEY_MATERIAL,
  verifyToken,
  type SignatureVerifier,
  type TokenPayload,
} from '@manifold/core/auth/token';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { GatewayConfig } from './config.js';

/** Header carrying the caller's token (CONTRACT §2). */
export const AUTH_HEADER = 'x-manifold-auth';
/** Optional tracing header: base64 JSON `{enabled, traceId?, sessionId?, topicId?, tags?}`. */
export const TRACE_HEADER = 'x-manifold-trace';

/** What a trace request asks for, when `enabled` is true. */
export interface TraceRequest {
  traceId: string;
  observationId: string;
  sessionId?: string;
  topicId?: string;
  tags?: string[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The verified token payload: access code, user id and key-vault fields. */
    auth: TokenPayload;
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

function readTrace(header: string | string[] | undefined): TraceRequest | undefined {
  if (typeof header !== 'string' || header === '') return undefined;
  try {
    const value = JSON.parse(Buffer.from(header, 'base64').toString('utf8')) as Record<
      string,
      unknown
    >;
    if (value?.enabled !== true) return undefined;
    const text = (key: string) =>
      typeof value[key] === 'string' ? (value[key] as string).slice(0, 200) : undefined;
    return {
      traceId: text('traceId') ?? randomUUID(),
      observationId: randomUUID(),
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

/** Verify an `X-Manifold-Auth` token (CONTRACT §2): its payload, or the ManifoldError it fails with. */
export function readAuthToken(header: string, config: GatewayConfig): Promise<TokenPayload> {
  return verifyToken(header.trim(), {
    allowUnsigned: config.allowUnsignedTokens,
    verifySignature,
  });
}

/** Set `request.trace` from `X-Manifold-Trace`; a traced call answers with its trace ids. */
export function applyTrace(request: FastifyRequest, reply: FastifyReply): void {
  request.trace = readTrace(request.headers[TRACE_HEADER]);
  if (request.trace) {
    reply.header('x-manifold-trace-id', request.trace.traceId);
    reply.header('x-manifold-observation-id', request.trace.observationId);
  }
}

/**
 * preHandler of every `/webapi/*` route: verify the token, check the access code (or an own
 * `apiKey`), read the trace request.
 */
export function createAuthHook(config: GatewayConfig) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const header = request.headers[AUTH_HEADER];
    if (typeof header !== 'string' || header.trim() === '') {
      throw new ManifoldError('InvalidAccessCode', { message: 'Missing X-Manifold-Auth header' });
    }
    const payload = await readAuthToken(header, config);
    if (
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
    applyTrace(request, reply);
  };
}
