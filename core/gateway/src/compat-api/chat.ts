import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import { collectChatResult } from '@manifold/core/protocol/collect-result';
import type { ChatResult } from '@manifold/core/contract/chat-result';
import { startChat, type ChatAnswer, type ChatCall } from '../chat-service.js';
import { clientAbortSignal, vaultOf } from '../routes/chat.js';
import { writeRawFrames, type FrameTranslator } from '../sse-reply.js';

/** A `/v1/*` chat after its request was translated. */
export interface CompatChat {
  provider: string;
  request: ChatRequest;
  /** Answer as the API's event stream, else as one JSON object. */
  stream: boolean;
}

/** How one API frames its answers. */
export interface CompatAnswer<T> {
  /** The stream's frames, for the model that answers. */
  frames(route: string): FrameTranslator;
  /** The idle keep-alive frame of the stream. */
  ping: string;
  /** The whole answer, from the collected result. */
  json(result: ChatResult, route: string): T;
}

/**
 * A chat call with what the chat path's metrics, tracing and fallbacks read (CONTRACT §10): the
 * route it came by, the trace the caller allowed, and whether a fallback may use the server's keys.
 */
type CompatCall = ChatCall & {
  endpoint?: string;
  trace?: NonNullable<FastifyRequest['trace']>;
  serverCredentials?: boolean;
};

/** Response headers of a `/v1/*` chat: the model that answered (CONTRACT §10), the trace ids. */
function answerHeaders(request: FastifyRequest, route: string): Record<string, string> {
  const headers: Record<string, string> = { 'x-manifold-route': route };
  if (request.trace) {
    headers['x-manifold-trace-id'] = request.trace.traceId;
    headers['x-manifold-observation-id'] = request.trace.observationId;
  }
  return headers;
}

/**
 * Run a translated chat through the one chat path (`startChat`: plugins, runtime, keys, the
 * upstream call) and answer it in the API's format: its stream (headers once the upstream
 * accepted; a later failure is the stream's own error frame) or one JSON object (any failure is the
 * HTTP error the route's handler shapes). Credentials are the server's, or the optional
 * `X-Manifold-Auth` token's; the user is the API key's owner, else the token's, else `user`.
 */
export async function answerChat<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  chat: CompatChat,
  format: CompatAnswer<T>,
  options: { pingMs: number },
): Promise<T | FastifyReply> {
  const startedAt = Date.now();
  const signal = clientAbortSignal(reply);
  const userId = request.apiKey?.userId ?? request.auth.userId ?? chat.request.user;
  const call: CompatCall = {
    provider: chat.provider,
    request: chat.request,
    vault: vaultOf(request.auth),
    signal,
    startedAt,
    log: request.log,
    endpoint: request.routeOptions.url ?? request.url,
    // an API key is the operator's leave to use the server's keys, on a fallback too
    serverCredentials: true,
    ...(request.trace && { trace: request.trace }),
    ...(userId ? { userId } : {}),
    ...(request.user ? { accountId: request.user.id } : {}),
    ...(request.countTokens && { countTokens: request.countTokens }),
  };
  let answer: ChatAnswer;
  try {
    answer = await startChat(app, call);
  } catch (error) {
    // the client left before the upstream answered: nobody to tell, nothing went wrong
    if (signal.aborted) return reply.hijack();
    throw error;
  }
  const headers = answerHeaders(request, answer.route);
  if (chat.stream) {
    await writeRawFrames(reply, answer.events, format.frames(answer.route), {
      pingMs: options.pingMs,
      ping: format.ping,
      headers,
    });
    return reply;
  }
  const result = await collectChatResult(answer.events, { provider: chat.provider });
  reply.headers(headers);
  return format.json(result, answer.route);
}
