import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { encodeComment } from '@manifold/core/protocol/sse-encode';
import { answerChat, type CompatAnswer } from '../chat.js';
import { toChatCompletion } from './completion.js';
import { OpenAIChatRequestSchema, toChatRequest, type OpenAIChatRequest } from './request.js';
import { OpenAIChunkStream } from './stream.js';

/** What the OpenAI-compatible routes need from the gateway. */
export interface OpenAIRouteOptions {
  /** Idle time before a keep-alive comment, in ms. */
  pingMs: number;
}

const PING = encodeComment('ping');

/** Unix seconds of a card's release date; 0 when it has none. */
const createdOf = (card: ModelCard): number =>
  card.releasedAt ? Math.floor(Date.parse(`${card.releasedAt}T00:00:00Z`) / 1000) : 0;

/** The enabled chat models of the enabled providers, as `<provider>/<model>` entries. */
function listedModels(app: FastifyInstance) {
  return app.registry
    .manifests()
    .filter((manifest) => manifest.enabled)
    .flatMap((manifest) =>
      manifest.models
        .filter((card) => card.enabled && card.type === 'chat')
        .map((card) => ({ provider: manifest.id, card })),
    );
}

/** One model as OpenAI lists it, or as Anthropic does for its SDK (`anthropic-version` sent). */
function modelEntry(request: FastifyRequest, provider: string, card: ModelCard) {
  const id = `${provider}/${card.id}`;
  if (request.headers['anthropic-version'] !== undefined) {
    return {
      type: 'model',
      id,
      display_name: card.displayName ?? card.id,
      created_at: new Date(createdOf(card) * 1000).toISOString(),
    };
  }
  return { id, object: 'model', created: createdOf(card), owned_by: provider };
}

/**
 * `POST /v1/chat/completions`, `GET /v1/models` and `GET /v1/models/<provider>/<model>`
 * (CONTRACT §10), registered under the `/v1` prefix.
 */
export function registerOpenAIRoutes(app: FastifyInstance, options: OpenAIRouteOptions): void {
  app.post(
    '/chat/completions',
    { schema: { body: OpenAIChatRequestSchema } },
    async (request, reply) => {
      const created = Math.floor(Date.now() / 1000);
      const chat = toChatRequest(request.body as OpenAIChatRequest);
      const format: CompatAnswer<ReturnType<typeof toChatCompletion>> = {
        ping: PING,
        frames: (route) =>
          new OpenAIChunkStream({ model: route, created, includeUsage: chat.includeUsage }),
        json: (result, route) => toChatCompletion(result, { model: route, created }),
      };
      return answerChat(app, request, reply, chat, format, { pingMs: options.pingMs });
    },
  );

  app.get('/models', async (request) => {
    const data = listedModels(app).map(({ provider, card }) => modelEntry(request, provider, card));
    if (request.headers['anthropic-version'] === undefined) return { object: 'list', data };
    return {
      data,
      has_more: false,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
    };
  });

  app.get('/models/*', async (request) => {
    const name = (request.params as { '*': string })['*'];
    const found = listedModels(app).find(({ provider, card }) => `${provider}/${card.id}` === name);
    if (!found) {
      throw new ManifoldError('ModelNotFound', {
        message: `The model "${name.slice(0, 200)}" is not listed: see GET /v1/models`,
        field: 'model',
      });
    }
    return modelEntry(request, found.provider, found.card);
  });
}
