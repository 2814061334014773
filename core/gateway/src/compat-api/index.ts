import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ErrorPayload } from '@manifold/core/errors/response';
import type { GatewayConfig } from '../config.js';
import { sendError, type ErrorShape } from '../error-handler.js';
import { createApiKeyHook } from './auth.js';
import { anthropicError, openAIError } from './errors.js';
import { registerAnthropicRoutes } from './anthropic/routes.js';
import { registerMediaRoutes, type SpeechHandler } from './openai/media-routes.js';
import { registerOpenAIRoutes } from './openai/routes.js';

export type { SpeechCall, SpeechHandler } from './openai/media-routes.js';

/** Options of the compatible APIs. */
export interface CompatApiOptions {
  config: GatewayConfig;
  /** Text to speech for `POST /v1/audio/speech`; default: the provider runtimes' own `speech`. */
  speech?: SpeechHandler;
}

/** Anthropic's error shape on `/v1/messages`, OpenAI's on every other `/v1/*` route. */
const shapeOf = (request: FastifyRequest): ErrorShape =>
  request.url.startsWith('/v1/messages') ? anthropicError : openAIError;

/**
 * The OpenAI- and Anthropic-compatible APIs (CONTRACT §10), registered with the prefix `/v1`: their
 * own error shapes for every failure of the context (validation, auth, upstream, unknown route),
 * API-key auth on every request (`app.apiKeys`, from the `api-keys` plugin), and the routes, each translating at the
 * edge to the one chat path. Not wrapped in `fastify-plugin`: its error and not-found handlers
 * stay inside `/v1`.
 */
const compatApi: FastifyPluginAsync<CompatApiOptions> = async (app, options) => {
  app.setErrorHandler((error: FastifyError, request, reply) =>
    sendError(error, request, reply, shapeOf(request)),
  );
  app.setNotFoundHandler((request, reply) => {
    const payload: ErrorPayload = {
      errorType: 404,
      body: { message: `Route ${request.method} ${request.url} not found` },
    };
    return reply.code(404).send(shapeOf(request)(404, payload));
  });
  // Every /v1 request, before its body is parsed or checked: strangers learn nothing else.
  app.addHook('onRequest', createApiKeyHook(app, options.config));
  const pingMs = options.config.pingIntervalSeconds * 1000;
  registerOpenAIRoutes(app, { pingMs });
  registerMediaRoutes(app, {
    baseURLPolicy: options.config.baseURLPolicy,
    ...(options.speech && { speech: options.speech }),
  });
  registerAnthropicRoutes(app, { pingMs });
};

export default compatApi;
