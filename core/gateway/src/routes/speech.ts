import { Type, type Static } from 'typebox';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { SPEECH_FORMATS } from '@manifold/core/contract/runtime';
import { metered } from '../credits/media-metering.js';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { clientAbortSignal, ProviderParamsSchema, vaultOf } from './chat.js';

/** The body of `POST /webapi/tts/:provider` (CONTRACT §3). */
export const SpeechRequestSchema = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 256 }),
  /** OpenAI's limit for one request. */
  input: Type.String({ minLength: 1, maxLength: 4096 }),
  voice: Type.String({ minLength: 1, maxLength: 64 }),
  speed: Type.Optional(Type.Number({ minimum: 0.25, maximum: 4 })),
  format: Type.Optional(Type.Union(SPEECH_FORMATS.map((format) => Type.Literal(format)))),
});

/** `POST /webapi/tts/:provider`: the audio bytes with their content type (SPEC §7, CONTRACT §3). */
export function registerSpeechRoute(
  app: FastifyInstance,
  options: { authenticate: preHandlerAsyncHookHandler },
): void {
  app.post(
    '/webapi/tts/:provider',
    {
      schema: { params: ProviderParamsSchema, body: SpeechRequestSchema },
      preHandler: options.authenticate,
    },
    async (request: FastifyRequest, reply) => {
      const { provider } = request.params as { provider: string };
      const body = request.body as Static<typeof SpeechRequestSchema>;
      const runtime = await app.registry.runtimeFor(provider, vaultOf(request.auth));
      if (!runtime.speech) {
        // 405 like the model-list, embeddings and image routes of a provider without them
        throw new ManifoldError(405, { message: `${provider} does not speak text`, provider });
      }
      const signal = clientAbortSignal(reply);
      try {
        const speak = runtime.speech.bind(runtime);
        const { audio, contentType } = await metered(
          app,
          request,
          {
            provider,
            model: body.model,
            kind: 'speech',
            vault: vaultOf(request.auth),
            inputText: body.input,
          },
          () => speak(body, { signal, startedAt: Date.now() }),
        );
        return reply
          .type(contentType)
          .header('cache-control', 'no-store')
          .send(Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength));
      } catch (error) {
        if (signal.aborted) return reply.hijack();
        throw error;
      }
    },
  );
}
