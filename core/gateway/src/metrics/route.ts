import { createHash, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { GatewayMetrics } from './metrics.js';

/** True for 127.0.0.0/8 and ::1, also written as IPv4-mapped IPv6 (`::ffff:127.0.0.1`). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1' || plain === '0:0:0:0:0:0:0:1';
}

/**
 * A request from this machine itself: its socket's peer is loopback and it did not pass through a
 * proxy. The socket, not `request.ip` (which trusts `X-Forwarded-For`), decides; a request that
 * carries `X-Forwarded-For` or `Forwarded` came through a proxy on this machine, so its client is
 * somewhere else.
 */
function fromThisMachine(request: FastifyRequest): boolean {
  const headers = request.headers;
  if (headers['x-forwarded-for'] !== undefined || headers.forwarded !== undefined) return false;
  return isLoopback(request.raw.socket?.remoteAddress);
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** `Authorization: Bearer <token>` compared in constant time. */
function bearerMatches(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]!), digest(token));
}

/**
 * `GET /metrics` (CONTRACT §10): the Prometheus text exposition. With `METRICS_TOKEN` set, only to
 * `Authorization: Bearer <METRICS_TOKEN>` (otherwise 401); without it, only to clients on this
 * machine (otherwise 403).
 */
export function registerMetricsRoute(
  app: FastifyInstance,
  metrics: GatewayMetrics,
  token: string | undefined,
): void {
  app.get('/metrics', async (request, reply) => {
    if (token !== undefined) {
      if (!bearerMatches(request, token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new ManifoldError(401, { message: 'GET /metrics needs the METRICS_TOKEN bearer' });
      }
    } else if (!fromThisMachine(request)) {
      throw new ManifoldError(403, {
        message: 'GET /metrics answers only this machine unless METRICS_TOKEN is set',
      });
    }
    const text = await metrics.text();
    return reply.type(metrics.contentType).header('cache-control', 'no-store').send(text);
  });
}
