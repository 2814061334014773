import { Type, type Static } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KeyVault } from '@manifold/core/contract/key-vault';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { loadImage, parseDataURL } from '@manifold/core/media/image';
import { createPublicOnlyFetch } from '../../base-url.js';
import { clientAbortSignal, vaultOf } from '../../routes/chat.js';
import { openAIError } from '../errors.js';
import { splitModelName } from '../model-name.js';

const EmbeddingsSchema = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 320 }),
  input: Type.Unknown(),
  dimensions: Type.Optional(Type.Integer({ minimum: 1, maximum: 65536 })),
  encoding_format: Type.Optional(Type.Union([Type.Literal('float'), Type.Literal('base64')])),
  user: Type.Optional(Type.String({ maxLength: 256 })),
});

const ImagesSchema = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 320 }),
  prompt: Type.String({ minLength: 1, maxLength: 100_000 }),
  n: Type.Optional(Type.Integer({ minimum: 1, maximum: 10 })),
  size: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,4}x[1-9][0-9]{0,4}$' })),
  quality: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  style: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  response_format: Type.Optional(Type.Union([Type.Literal('url'), Type.Literal('b64_json')])),
  user: Type.Optional(Type.String({ maxLength: 256 })),
});

const SpeechSchema = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 320 }),
  input: Type.String({ minLength: 1, maxLength: 4096 }),
  voice: Type.String({ minLength: 1, maxLength: 64 }),
  response_format: Type.Optional(Type.String({ minLength: 1, maxLength: 16 })),
  speed: Type.Optional(Type.Number({ minimum: 0.25, maximum: 4 })),
  instructions: Type.Optional(Type.String({ maxLength: 4096 })),
});

/** A `POST /v1/audio/speech` call, as the speech hook gets it. */
export interface SpeechCall {
  provider: string;
  model: string;
  input: string;
  voice: string;
  /** OpenAI's `response_format` (`mp3`, `opus`, `aac`, `flac`, `wav`, `pcm`). */
  format?: string;
  speed?: number;
  instructions?: string;
  vault: KeyVault;
  signal: AbortSignal;
  userId?: string;
}

/**
 * Text to speech for `POST /v1/audio/speech` (the speech part of issue 17 plugs in here, over the
 * same runtimes as `POST /webapi/tts/:provider`): the audio bytes and their content type; throws a
 * ManifoldError for a refusal (a provider without speech: 405).
 */
export type SpeechHandler = (call: SpeechCall) => Promise<{ contentType: string; audio: Buffer }>;

/** Options of the OpenAI-compatible media routes. */
export interface MediaRouteOptions {
  baseURLPolicy: 'any' | 'public';
  speech?: SpeechHandler;
}

/** Inputs of an embeddings request: a string or strings; token arrays are refused. */
function embeddingInputs(input: unknown): string | string[] {
  if (typeof input === 'string') return input;
  if (
    Array.isArray(input) &&
    input.length > 0 &&
    input.length <= 2048 &&
    input.every((item) => typeof item === 'string')
  )
    return input as string[];
  throw new ManifoldError('BadRequest', {
    message: 'input must be a string or 1 to 2048 strings (token arrays are not supported)',
    field: 'input',
  });
}

/** A vector as OpenAI's `base64` encoding: little-endian float32 bytes. */
const base64Vector = (vector: number[]): string =>
  Buffer.from(new Float32Array(vector).buffer).toString('base64');

const userOf = (request: FastifyRequest, given?: string) =>
  request.apiKey?.userId ?? request.auth.userId ?? given;

/**
 * `POST /v1/embeddings`, `POST /v1/images/generations` and `POST /v1/audio/speech` (CONTRACT §10)
 * on the provider runtimes' `embeddings` and `textToImage`, and the speech hook.
 */
export function registerMediaRoutes(app: FastifyInstance, options: MediaRouteOptions): void {
  app.post('/embeddings', { schema: { body: EmbeddingsSchema } }, async (request, reply) => {
    const body = request.body as Static<typeof EmbeddingsSchema>;
    const input = embeddingInputs(body.input);
    const { provider, model } = splitModelName(body.model);
    const runtime = await app.registry.runtimeFor(provider, vaultOf(request.auth));
    if (!runtime.embeddings) {
      throw new ManifoldError(405, {
        message: `${provider} does not serve embeddings`,
        provider,
      });
    }
    const vectors = await runtime.embeddings(
      { model, input, ...(body.dimensions !== undefined && { dimensions: body.dimensions }) },
      { signal: clientAbortSignal(reply), startedAt: Date.now() },
    );
    return {
      object: 'list',
      data: vectors.map((vector, index) => ({
        object: 'embedding',
        index,
        embedding: body.encoding_format === 'base64' ? base64Vector(vector) : vector,
      })),
      model: body.model,
      // the runtimes do not report the tokens of embeddings
      usage: { prompt_tokens: 0, total_tokens: 0 },
    };
  });

  const guardedFetch =
    options.baseURLPolicy === 'public' ? createPublicOnlyFetch('data.url') : undefined;

  app.post('/images/generations', { schema: { body: ImagesSchema } }, async (request, reply) => {
    const body = request.body as Static<typeof ImagesSchema>;
    const { provider, model } = splitModelName(body.model);
    const runtime = await app.registry.runtimeFor(provider, vaultOf(request.auth));
    if (!runtime.textToImage) {
      throw new ManifoldError(405, { message: `${provider} does not generate images`, provider });
    }
    const signal = clientAbortSignal(reply);
    const userId = userOf(request, body.user);
    const { prompt, n, size, quality, style } = body;
    const images = await runtime.textToImage(
      {
        model,
        prompt,
        ...(n !== undefined && { n }),
        ...(size !== undefined && { size }),
        ...(quality !== undefined && { quality }),
        ...(style !== undefined && { style }),
      },
      { signal, startedAt: Date.now(), ...(userId ? { userId } : {}) },
    );
    // a data URL is base64 already; an http URL is fetched only when b64_json is asked for
    const data = await Promise.all(
      images.map(async (url) => {
        const inline = parseDataURL(url);
        if (body.response_format === 'url' || (!inline && body.response_format !== 'b64_json'))
          return { url };
        const image = inline ?? (await loadImage(url, { provider, signal, fetch: guardedFetch }));
        return { b64_json: image.base64 };
      }),
    );
    return { created: Math.floor(Date.now() / 1000), data };
  });

  app.post('/audio/speech', { schema: { body: SpeechSchema } }, async (request, reply) => {
    const body = request.body as Static<typeof SpeechSchema>;
    const { provider, model } = splitModelName(body.model);
    if (!options.speech) {
      // 501 is no catalogue type: the answer is written here, in OpenAI's shape
      const payload = {
        errorType: 501,
        body: { message: 'Text to speech is not available on this server yet', provider },
      };
      return reply.code(501).send(openAIError(501, payload));
    }
    const userId = userOf(request);
    const { contentType, audio } = await options.speech({
      provider,
      model,
      input: body.input,
      voice: body.voice,
      ...(body.response_format !== undefined && { format: body.response_format }),
      ...(body.speed !== undefined && { speed: body.speed }),
      ...(body.instructions !== undefined && { instructions: body.instructions }),
      vault: vaultOf(request.auth),
      signal: clientAbortSignal(reply),
      ...(userId ? { userId } : {}),
    });
    return reply.type(contentType).send(audio);
  });
}
