import { Type } from 'typebox';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { metered } from '../credits/media-metering.js';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { clientAbortSignal, ProviderParamsSchema, vaultOf } from './chat.js';

const EmbeddingsRequestSchema = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 256 }),
  input: Type.Union([Type.String(), Type.Array(Type.String(), { minItems: 1, maxItems: 2048 })]),
  dimensions: Type.Optional(Type.Integer({ minimum: 1, maximum: 65536 })),
});

/** `GET /webapi/models/:provider` and `POST /webapi/embeddings/:provider`. */
export function registerModelRoutes(
  app: FastifyInstance,
  options: { authenticate: preHandlerAsyncHookHandler },
): void {
  app.get(
    '/webapi/models/:provider',
    { schema: { params: ProviderParamsSchema }, preHandler: options.authenticate },
    async (request: FastifyRequest, reply) => {
      const { provider } = request.params as { provider: string };
      const runtime = await app.registry.runtimeFor(provider, vaultOf(request.auth));
      if (!runtime.models) {
        throw new ManifoldError(405, { message: `${provider} has no remote model list`, provider });
      }
      const models = await runtime.models({
        signal: clientAbortSignal(reply),
        startedAt: Date.now(),
      });
      return { models };
    },
  );

  app.post(
    '/webapi/embeddings/:provider',
    {
      schema: { params: ProviderParamsSchema, body: EmbeddingsRequestSchema },
      preHandler: options.authenticate,
    },
    async (request: FastifyRequest, reply) => {
      const { provider } = request.params as { provider: string };
      const runtime = await app.registry.runtimeFor(provider, vaultOf(request.auth));
      if (!runtime.embeddings) {
        throw new ManifoldError(405, {
          message: `${provider} does not serve embeddings`,
          provider,
        });
      }
      const body = request.body as { model: string; input: string | string[]; dimensions?: number };
      const embed = runtime.embeddings.bind(runtime);
      const embeddings = await metered(
        app,
        request,
        {
          provider,
          model: body.model,
          kind: 'embeddings',
          vault: vaultOf(request.auth),
          inputText: body.input,
        },
        () => embed(body, { signal: clientAbortSignal(reply), startedAt: Date.now() }),
      );
      return { embeddings };
    },
  );
}
