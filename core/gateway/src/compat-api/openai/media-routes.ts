import { Type, type Static } from 'typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KeyVault } from '@manifold/core/contract/key-vault';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { loadImage, parseDataURL } from '@manifold/core/media/image';
import { createPublicOnlyFetch } from '../../base-url.js';
import { metered } from '../../credits/media-metering.js';
import { clientAbortSignal, vaultOf } from '../../routes/chat.js';
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

/** OpenAI's audio formats of speech, the runtimes' too (CONTRACT §3 `POST /webapi/tts`). */
const SPEECH_FORMATS = ['mp3', 'opus', 'aac', 'flac', 'wav', 'pcm'] as const;
type SpeechFormat = (typeof SPEECH_FORMATS)[number];

const SpeechSchema = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 320 }),
  input: Type.String({ minLength: 1, maxLength: 4096 }),
  voice: Type.String({ minLength: 1, maxLength: 64 }),
  response_format: Type.Optional(Type.Union(SPEECH_FORMATS.map((format) => Type.Literal(format)))),
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
  format?: SpeechFormat;
  speed?: number;
  instructions?: string;
  vault: KeyVault;
  signal: AbortSignal;
  userId?: string;
}

/**
 * Text to speech for `POST /v1/audio/speech`: the audio bytes and their content type; throws a
 * ManifoldError for a refusal (a provider without speech: 405). `runtimeSpeech` is the default.
 */
export type SpeechHandler = (
  call: SpeechCall,
) => Promise<{ contentType: string; audio: Uint8Array }>;

/** A runtime's text to speech, as `POST /webapi/tts/:provider` calls it (`ProviderRuntime.speech`). */
type RuntimeSpeech = (
  request: { model: string; input: string; voice: string; speed?: number; format?: SpeechFormat },
  context: { signal: AbortSignal; startedAt: number; userId?: string },
) => Promise<{ contentType: string; audio: Uint8Array }>;

/**
 * The default speech of `/v1/audio/speech`: the provider runtime's own `speech` (the one
 * `POST /webapi/tts/:provider` uses), for the caller's credentials; a provider whose runtime has
 * none is 405, like its embeddings and images. (OpenAI's `instructions` has no place in it.)
 */
export function runtimeSpeech(app: FastifyInstance): SpeechHandler {
  return async (call) => {
    const runtime = (await app.registry.runtimeFor(call.provider, call.vault)) as {
      speech?: RuntimeSpeech;
    };
    if (typeof runtime.speech !== 'function') {
      throw new ManifoldError(405, {
        message: `${call.provider} does not speak text`,
        provider: call.provider,
      });
    }
    return runtime.speech.call(
      runtime,
      {
        model: call.model,
        input: call.input,
        voice: call.voice,
        ...(call.speed !== undefined && { speed: call.speed }),
        ...(call.format !== undefined && { format: call.format }),
      },
      {
        signal: call.signal,
        startedAt: Date.now(),
        ...(call.userId ? { userId: call.userId } : {}),
      },
    );
  };
}

/** Options of the OpenAI-compatible media routes. */
export interface MediaRouteOptions {
  baseURLPolicy: 'any' | 'public';
  /** Text to speech; default: the provider runtimes' own (`runtimeSpeech`). */
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
 * on the provider runtimes' `embeddings`, `textToImage` and `speech` (or the speech handler given).
 */
export function registerMediaRoutes(app: FastifyInstance, options: MediaRouteOptions): void {
  const speech = options.speech ?? runtimeSpeech(app);
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
    const embed = runtime.embeddings.bind(runtime);
    const vectors = await metered(
      app,
      request,
      { provider, model, kind: 'embeddings', vault: vaultOf(request.auth), inputText: input },
      () =>
        embed(
          { model, input, ...(body.dimensions !== undefined && { dimensions: body.dimensions }) },
          { signal: clientAbortSignal(reply), startedAt: Date.now() },
        ),
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
    const make = runtime.textToImage.bind(runtime);
    const images = await metered(
      app,
      request,
      { provider, model, kind: 'image', vault: vaultOf(request.auth) },
      () =>
        make(
          {
            model,
            prompt,
            ...(n !== undefined && { n }),
            ...(size !== undefined && { size }),
            ...(quality !== undefined && { quality }),
            ...(style !== undefined && { style }),
          },
          { signal, startedAt: Date.now(), ...(userId ? { userId } : {}) },
        ),
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
    const userId = userOf(request);
    const signal = clientAbortSignal(reply);
    const spoken = await metered(
      app,
      request,
      { provider, model, kind: 'speech', vault: vaultOf(request.auth), inputText: body.input },
      () =>
        speech({
          provider,
          model,
          input: body.input,
          voice: body.voice,
          ...(body.response_format !== undefined && { format: body.response_format }),
          ...(body.speed !== undefined && { speed: body.speed }),
          ...(body.instructions !== undefined && { instructions: body.instructions }),
          vault: vaultOf(request.auth),
          signal,
          ...(userId ? { userId } : {}),
        }),
    ).catch((error: unknown) => {
      // the client left before the audio was ready: nobody to tell
      if (signal.aborted) return undefined;
      throw error;
    });
    if (!spoken) return reply.hijack();
    const { audio, contentType } = spoken;
    return reply
      .type(contentType)
      .header('cache-control', 'no-store')
      .send(Buffer.from(audio.buffer, audio.byteOffset, audio.byteLength));
  });
}
