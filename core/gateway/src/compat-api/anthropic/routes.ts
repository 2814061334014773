import type { FastifyInstance } from 'fastify';
import { answerChat, type CompatAnswer } from '../chat.js';
import { toAnthropicMessage } from './message.js';
import {
  AnthropicMessagesRequestSchema,
  toChatRequest,
  type AnthropicMessagesRequest,
} from './request.js';
import { ANTHROPIC_PING, AnthropicEventStream } from './stream.js';

const FORMAT: CompatAnswer<ReturnType<typeof toAnthropicMessage>> = {
  ping: ANTHROPIC_PING,
  frames: (route) => new AnthropicEventStream(route),
  json: (result, route) => toAnthropicMessage(result, route),
};

/** `POST /v1/messages` (CONTRACT §10), registered under the `/v1` prefix. */
export function registerAnthropicRoutes(app: FastifyInstance, options: { pingMs: number }): void {
  app.post(
    '/messages',
    { schema: { body: AnthropicMessagesRequestSchema } },
    async (request, reply) => {
      const chat = toChatRequest(request.body as AnthropicMessagesRequest);
      return answerChat(app, request, reply, chat, FORMAT, { pingMs: options.pingMs });
    },
  );
}
