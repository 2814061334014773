import { Type } from 'typebox';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { TextToImageRequest } from '@manifold/core/contract/runtime';
import { metered } from '../credits/media-metering.js';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { clientAbortSignal, ProviderParamsSchema, vaultOf } from './chat.js';

/** The body of `POST /webapi/text-to-image/:provider` (CONTRACT §3). */
const TextToImageRequestSchema = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 256 }),
  prompt: Type.String({ minLength: 1, maxLength: 100_000 }),
  n: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
  size: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,4}x[1-9][0-9]{0,4}$' })),
  quality: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  style: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
});

/** `POST /webapi/text-to-image/:provider`: `{"images": string[]}`, URLs or data URLs. */
export function registerImageRoute(
  app: FastifyInstance,
  options: { authenticate: preHandlerAsyncHookHandler },
): void {
  app.post(
    '/webapi/text-to-image/:provider',
    {
      schema: { params: ProviderParamsSchema, body: TextToImageRequestSchema },
      preHandler: options.authenticate,
    },
    async (request: FastifyRequest, reply) => {
      const { provider } = request.params as { provider: string };
      const runtime = await app.registry.runtimeFor(provider, vaultOf(request.auth));
      if (!runtime.textToImage) {
        // 405 like the model-list and embeddings routes of a provider without them.
        throw new ManifoldError(405, {
          message: `${provider} does not generate images`,
          provider,
        });
      }
      const signal = clientAbortSignal(reply);
      const userId = request.auth.userId;
      try {
        const body = request.body as TextToImageRequest;
        const make = runtime.textToImage.bind(runtime);
        const images = await metered(
          app,
          request,
          { provider, model: body.model, kind: 'image', vault: vaultOf(request.auth) },
          () => make(body, { signal, startedAt: Date.now(), ...(userId ? { userId } : {}) }),
        );
        return { images };
      } catch (error) {
        // the client left while the images were being made: nobody to answer
        if (signal.aborted) return reply.hijack();
        throw error;
      }
    },
  );
}
