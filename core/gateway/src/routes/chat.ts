import { Type } from 'typebox';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { TokenPayload } from '@manifold/core/auth/token';
import { ChatRequestSchema, type ChatRequest } from '@manifold/core/contract/chat-request';
import { KEY_VAULT_FIELDS, type KeyVault } from '@manifold/core/contract/key-vault';
import { collectChatResult } from '@manifold/core/protocol/collect-result';
import type { ToolSource } from '../tools/types.js';
import { writePluginEventStream, writeRawEventStream } from '../sse-reply.js';
import { startChat, type ChatAnswer } from '../chat-service.js';
import { matchesAccessCode } from '../auth/access-code.js';
import { ownerHash, STREAM_ID_HEADER } from '../streams/hub.js';

/** The header naming the `<provider>/<model>` that answered (CONTRACT §10). */
export const ROUTE_HEADER = 'x-manifold-route';

export const ProviderParamsSchema = Type.Object({
  provider: Type.String({ pattern: '^[a-z0-9-]+$', maxLength: 64 }),
});

/** The key-vault fields of a token payload (access code and user id left out). */
export function vaultOf(auth: TokenPayload): KeyVault {
  const vault: KeyVault = {};
  for (const field of KEY_VAULT_FIELDS)
    if (typeof auth[field] === 'string') vault[field] = auth[field];
  return vault;
}

/** Who may resume a `/webapi` caller's stream: the signed-in person, else the token's credentials. */
export function streamOwner(request: FastifyRequest): string {
  if (request.user) return ownerHash({ userId: request.user.id });
  return ownerHash({
    credentials: { vault: vaultOf(request.auth), accessCode: request.auth.accessCode ?? null },
  });
}

/** An AbortSignal that fires when the client goes away before the answer is complete. */
export function clientAbortSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

export interface ChatRouteOptions {
  authenticate: preHandlerAsyncHookHandler;
  /** `ACCESS_CODE`: who may reach the server's keys through a fallback to another provider. */
  accessCodes: readonly string[];
  sseWriter: 'raw' | 'plugin';
  pingMs: number;
  /** A person's own tool sources, from their request (their MCP servers). */
  userSources?(request: FastifyRequest): ToolSource[];
  /** Connect a person's sources (with a time budget) so their tools can be offered. */
  startUserSources?(sources: readonly ToolSource[]): Promise<void>;
}

/** `POST /webapi/chat/:provider` (CONTRACT §3–4). */
export function registerChatRoute(app: FastifyInstance, options: ChatRouteOptions): void {
  app.post(
    '/webapi/chat/:provider',
    {
      schema: {
        params: ProviderParamsSchema,
        querystring: Type.Object({ format: Type.Optional(Type.Literal('json')) }),
        body: ChatRequestSchema,
      },
      preHandler: options.authenticate,
      ...(options.sseWriter === 'plugin' ? { sse: { kind: 'manual', heartbeat: false } } : {}),
    },
    async (request: FastifyRequest, reply: FastifyReply) => {
      const startedAt = Date.now();
      const { provider } = request.params as { provider: string };
      const { format } = request.query as { format?: 'json' };
      const body = request.body as ChatRequest;
      if (request.trace) {
        request.log.info({ trace: request.trace, provider, model: body.model }, 'traced chat');
      }
      // Without `resumable`, a client that leaves stops the upstream at once (CONTRACT §3); with it,
      // only until the stream's headers (and id) went out — then only the stop route does (§11).
      const generation = new AbortController();
      const signal = generation.signal;
      // What stops reading the stream when the client leaves: the generation itself, unless the
      // stream is resumable (then a signal of its own: the generation may go on without a reader).
      const reading = body.resumable === true ? new AbortController() : generation;
      let detached = false;
      reply.raw.once('close', () => {
        if (reply.raw.writableFinished) return;
        if (!detached) generation.abort();
        reading.abort();
      });
      const userId = request.auth.userId ?? body.user;
      // the auth hook let the caller in by the access code, not only by bringing their own key
      const serverCredentials =
        options.accessCodes.length === 0 ||
        matchesAccessCode(request.auth.accessCode, options.accessCodes);
      let answer: ChatAnswer;
      try {
        answer = await startChat(app, {
          provider,
          request: body,
          vault: vaultOf(request.auth),
          signal,
          startedAt,
          log: request.log,
          endpoint: request.routeOptions.url ?? '/webapi/chat/:provider',
          serverCredentials,
          ...(request.trace && { trace: request.trace }),
          ...(userId ? { userId } : {}),
          ...(request.user ? { accountId: request.user.id } : {}),
          ...(request.countTokens && { countTokens: request.countTokens }),
          ...(options.userSources && { userSources: options.userSources(request) }),
          ...(options.startUserSources && { startUserSources: options.startUserSources }),
        });
      } catch (error) {
        // the client left before the upstream answered: nobody to tell, nothing went wrong
        if (signal.aborted) return reply.hijack();
        throw error;
      }
      const { events } = answer;
      if (format === 'json') {
        reply.header(ROUTE_HEADER, answer.route);
        // the provider that answered (a fallback may be another one) names itself in an error
        const answered = answer.route.slice(0, answer.route.indexOf('/'));
        const result = await collectChatResult(events, { provider: answered });
        return {
          ...result,
          ...(request.trace
            ? { traceId: request.trace.traceId, observationId: request.trace.observationId }
            : {}),
        };
      }
      const stream = app.streams.start(events, streamOwner(request), generation);
      if (body.resumable === true) detached = true;
      const headers: Record<string, string> = {
        [ROUTE_HEADER]: answer.route,
        [STREAM_ID_HEADER]: stream.id,
      };
      if (request.trace) {
        headers['x-manifold-trace-id'] = request.trace.traceId;
        headers['x-manifold-observation-id'] = request.trace.observationId;
      }
      const writing = { pingMs: options.pingMs, headers };
      if (options.sseWriter === 'raw')
        await writeRawEventStream(reply, stream.batches(0, reading.signal, true), writing);
      else await writePluginEventStream(reply, stream.read(0, reading.signal, true), writing);
      return reply;
    },
  );
}
