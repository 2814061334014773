import type { FastifyInstance } from 'fastify';
import type { Test } from 'tap';
import { signToken, encodeUnsignedToken, type TokenPayload } from '@manifold/core/auth/token';
import { buildApp, type BuildOptions } from '@manifold/gateway/app';
import { loadConfig } from '@manifold/gateway/config';

/** Build a gateway from an environment (no process env, no `.env`), closed at teardown. */
export async function startGateway(
  t: Test,
  env: Record<string, string> = {},
  options: BuildOptions & { listen?: boolean } = {},
): Promise<{ app: FastifyInstance; url: string }> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...env });
  const app = await buildApp(config, { logger: false, ...options });
  t.teardown(() => app.close());
  if (options.listen === false) {
    await app.ready();
    return { app, url: '' };
  }
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}` };
}

/** The auth header for a payload: signed by default, unsigned with `{ unsigned: true }`. */
export async function authHeader(
  payload: TokenPayload = {},
  options: { unsigned?: boolean; now?: number } = {},
): Promise<Record<string, string>> {
  const token = options.unsigned
    ? encodeUnsignedToken(payload)
    : await signToken(payload, options.now === undefined ? {} : { now: options.now });
  return { 'x-manifold-auth': token, 'content-type': 'application/json' };
}

/** A parsed SSE event as the tests compare it. */
export interface WireEvent {
  id: string;
  event: string;
  data: unknown;
}

/** Parse a complete `text/event-stream` body into events (comments dropped). */
export function parseEventStream(body: string): WireEvent[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim() !== '' && !block.startsWith(':'))
    .map((block) => {
      const fields: Record<string, string> = {};
      for (const line of block.split('\n')) {
        const index = line.indexOf(': ');
        fields[line.slice(0, index)] = line.slice(index + 2);
      }
      return {
        id: fields.id ?? '',
        event: fields.event ?? '',
        data: JSON.parse(fields.data ?? 'null'),
      };
    });
}
