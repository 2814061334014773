import { Type } from 'typebox';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { writePluginEventStream, writeRawEventStream } from '../sse-reply.js';
import { STREAM_ID_HEADER } from '../streams/hub.js';
import { clientAbortSignal, streamOwner } from './chat.js';

const StreamParamsSchema = Type.Object({
  id: Type.String({ pattern: '^ms_[A-Za-z0-9_-]{10,64}$' }),
});

export interface StreamRouteOptions {
  authenticate: preHandlerAsyncHookHandler;
  sseWriter: 'raw' | 'plugin';
  pingMs: number;
}

/** A stream the caller may reach, or 404 (unknown, expired, or someone else's: indistinguishable). */
async function ownStream(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const { id } = request.params as { id: string };
  const owner = await app.streams.ownerOf(id);
  if (owner === undefined || owner !== streamOwner(request))
    throw new ManifoldError(404, { message: `Unknown or expired stream "${id}"` });
  return id;
}

/**
 * `GET /webapi/chat/streams/:id?after=<n>` replays a chat stream from its n-th event, then follows
 * it live; `POST /webapi/chat/streams/:id/stop` stops its generation (CONTRACT §11).
 */
export function registerStreamRoutes(app: FastifyInstance, options: StreamRouteOptions): void {
  const write = options.sseWriter === 'raw' ? writeRawEventStream : writePluginEventStream;
  app.get(
    '/webapi/chat/streams/:id',
    {
      schema: {
        params: StreamParamsSchema,
        querystring: Type.Object({
          after: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$' })),
        }),
      },
      preHandler: options.authenticate,
      ...(options.sseWriter === 'plugin' ? { sse: { kind: 'manual', heartbeat: false } } : {}),
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const id = await ownStream(app, request);
      const after = Number((request.query as { after?: string }).after ?? 0);
      const signal = clientAbortSignal(reply);
      await write(reply, app.streams.read(id, after, signal), {
        pingMs: options.pingMs,
        headers: { [STREAM_ID_HEADER]: id },
      });
      return reply;
    },
  );
  app.post(
    '/webapi/chat/streams/:id/stop',
    { schema: { params: StreamParamsSchema }, preHandler: options.authenticate },
    async (request: FastifyRequest) => {
      const id = await ownStream(app, request);
      app.streams.stop(id);
      return { ok: true };
    },
  );
}
