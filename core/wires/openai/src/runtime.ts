import { readCompletionAnswer } from './read-completion.js';
import type OpenAI from 'openai';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ModelCard } from '@manifold/core/contract/model-card';
import { debugFlagName } from '@manifold/core/contract/runtime';
import type {
  CallContext,
  ProviderRuntime,
  RuntimeOptions,
  SpeechAudio,
  SpeechFormat,
  SpeechRequest,
  TextToImageRequest,
} from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { applyClamps, describeChanges } from '@manifold/core/params/clamp';
import { buildEventStream } from '@manifold/core/protocol/build-event-stream';
import type { PartSource } from '@manifold/core/protocol/stream-part';
import { upstreamRelease } from '@manifold/core/protocol/upstream-release';
import { useBase64Images } from '@manifold/core/media/image';
import { inlineRequestImages } from '@manifold/core/media/inline-images';
import { applyFinalRules, applyRequestRules, keepOnly } from './body-rules.js';
import { convertChatRequest } from './convert-request.js';
import { createErrorMapper, isAbort } from './errors.js';
import { fetchModelCards } from './models.js';
import type { OpenAICompatibleOptions } from './options.js';
import { convertResponsesRequest } from './responses.js';
import { leanFetch } from '@manifold/transport';
import { loadOpenAI } from './sdk.js';
import { connectionError, statusError, streamRequest, withHeaders } from './stream-request.js';

/**
 * The images of an Images API answer: each `url`, or its `b64_json` as a data URL (models that
 * answer only base64, e.g. gpt-image-1, in their `output_format`, default png).
 */
export function imageURLs(answer: {
  data?: ReadonlyArray<{ url?: string; b64_json?: string }>;
  output_format?: string;
}): string[] {
  const type = `image/${answer.output_format ?? 'png'}`;
  return (answer.data ?? []).flatMap((image) => {
    if (image.url) return [image.url];
    return image.b64_json ? [`data:${type};base64,${image.b64_json}`] : [];
  });
}

export { debugFlagName };

/** The content type of each speech format, when the upstream does not say. */
const SPEECH_CONTENT_TYPES: Readonly<Record<SpeechFormat, string>> = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg; codecs=opus',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
};

/** True when the request goes through the Responses API. */
export const usesResponsesApi = (request: ChatRequest, compat: OpenAICompatibleOptions): boolean =>
  request.apiMode === 'responses' || compat.responses?.when?.(request) === true;

type Body = Record<string, unknown> & { model: string; stream?: boolean };

/**
 * An OpenAI-compatible provider runtime on the `openai` SDK. The SDK sends the request (auth, base
 * URL, error classes for non-2xx answers, which therefore throw before any event); the body is read
 * here with `decodeSSE` + `parseJSONChunk` rather than the SDK's `Stream`, so that a chunk that is
 * not JSON becomes StreamChunkError and a dropped connection reaches the stream builder as an early
 * end instead of a thrown SDK error. `builtinModels` (the manifest's cards) enrich the remote list.
 */
export function createOpenAICompatibleRuntime(
  compat: OpenAICompatibleOptions,
  options: RuntimeOptions,
  builtinModels: readonly ModelCard[] = [],
): ProviderRuntime {
  const provider = options.providerId;
  if (compat.requiresBaseURL && !options.baseURL) {
    const hint = compat.requiresBaseURL === true ? 'set its base URL' : compat.requiresBaseURL;
    throw new ManifoldError('BadRequest', {
      provider,
      message: `${provider} has no default base URL: ${hint}`,
    });
  }
  if (compat.requiresApiKey !== false && !options.apiKey) {
    throw new ManifoldError(compat.errors?.invalidAPIKey ?? 'InvalidProviderAPIKey', {
      provider,
      message: `No API key configured for ${provider}`,
    });
  }
  const baseURL = options.baseURL || compat.baseURL;
  // The SDK client, built on first use: the SDK is imported then, not when the runtime is made.
  let clientPromise: Promise<OpenAI> | undefined;
  const client = (): Promise<OpenAI> =>
    (clientPromise ??= loadOpenAI().then(
      (sdk) =>
        new sdk.default({
          // Local servers take any key; the SDK refuses to start without one.
          apiKey: options.apiKey || 'not-required',
          baseURL,
          defaultHeaders: compat.headers,
          maxRetries: 0,
          // a guarded fetch (BASE_URL_POLICY=public) wins; otherwise the lean transport
          fetch: options.fetch ?? leanFetch,
          // Null, not undefined, so the SDK does not fall back to OPENAI_* variables of the process.
          organization: null,
          project: null,
          webhookSecret: null,
          logLevel: 'off',
          // In a page the web app runs this runtime with the person's own key to reach their own server
          // (client fetch); the SDK refuses browsers unless told so. The gateway never sets it.
          dangerouslyAllowBrowser: typeof window !== 'undefined',
        }),
    ));
  // Streamed chat completions go out without the SDK (stream-request.ts); the SDK's default base
  // URL (and its OPENAI_BASE_URL) stays the SDK's business.
  const streamed = baseURL ? streamRequest(baseURL, options.apiKey, compat.headers) : undefined;
  const send = options.fetch ?? leanFetch;
  const cards = options.models ?? builtinModels;
  const debug = options.env[debugFlagName(provider)] === '1';
  const base64Images = useBase64Images(options.env);
  const mapperFor = (signal?: AbortSignal) =>
    createErrorMapper(compat, {
      provider,
      baseURL,
      customBaseURL: options.customBaseURL,
      apiKey: options.apiKey,
      logger: options.logger,
      signal,
    });

  const clamp = <T extends Body>(body: T): T => {
    if (!compat.clamps?.length) return body;
    const { params, changes } = applyClamps(body, compat.clamps, { model: body.model });
    if (changes.length > 0) {
      options.logger.debug({ provider, model: body.model, changes }, describeChanges(changes));
    }
    return params;
  };

  const chatBody = (request: ChatRequest, context: CallContext): Body => {
    let body = clamp(
      applyRequestRules(convertChatRequest(request, context, compat), request, compat, cards),
    );
    if (compat.payload) body = compat.payload(body, request, options);
    if (request.enabledSearch && compat.search) body = compat.search(body, request, options);
    body = applyFinalRules(body, compat, cards);
    if (compat.keepOnly) body = keepOnly(body, compat.keepOnly);
    if (body.stream !== true) delete body.stream_options;
    return body;
  };

  const responsesBody = (request: ChatRequest, context: CallContext): Body => {
    let body = clamp(convertResponsesRequest(request, context, compat));
    if (compat.responses?.payload) body = compat.responses.payload(body, request, options);
    return applyFinalRules(body, compat, cards);
  };

  // SDK request options: the signal, and the provider's per-request headers
  const callOptions = (signal: AbortSignal, request?: ChatRequest) => ({
    signal,
    ...(compat.requestHeaders && { headers: compat.requestHeaders(request) }),
  });

  const onData = debug
    ? (data: string) => options.logger.info({ provider, chunk: data }, 'chat completion chunk')
    : undefined;

  return {
    async chat(original, context) {
      const request = base64Images
        ? await inlineRequestImages(original, {
            provider,
            fetch: options.fetchUserContent,
            signal: context.signal,
          })
        : original;
      const mapError = mapperFor(context.signal);
      const responses = usesResponsesApi(request, compat);
      const body = responses ? responsesBody(request, context) : chatBody(request, context);
      if (debug) options.logger.info({ provider, payload: body }, 'chat completion payload');

      // Aborted when the client goes away or when the event stream stops early: frees the socket.
      const upstream = upstreamRelease(context.signal);
      const signal = upstream.signal;
      let parts: PartSource;
      try {
        let response: Response;
        if (streamed && !responses && body.stream === true) {
          response = await send(streamed.url, {
            method: 'POST',
            headers: withHeaders(streamed.headers, compat.requestHeaders?.(request)),
            body: JSON.stringify(body),
            signal,
          }).catch(async (error: unknown) => {
            throw signal.aborted ? error : await connectionError(error);
          });
          if (!response.ok) throw await statusError(response);
        } else {
          const sdk = await client();
          const call = responses
            ? sdk.responses.create(body as never, callOptions(signal, request))
            : sdk.chat.completions.create(body as never, callOptions(signal, request));
          response = await call.asResponse();
        }
        parts = await readCompletionAnswer(response, {
          provider,
          logger: options.logger,
          streamed: body.stream === true,
          mapError,
          usage: compat.usage,
          responses,
          onData,
          ...(compat.citations && { citations: compat.citations }),
          ...(compat.chunkUsage && { chunkUsage: compat.chunkUsage }),
        });
      } catch (error) {
        upstream.fail();
        if (isAbort(error, context.signal)) throw context.signal.reason ?? error;
        throw mapError(error);
      }
      return buildEventStream(parts, {
        provider,
        startedAt: context.startedAt,
        mapError,
        splitThinkTags: !responses,
        signal: context.signal,
        onSettled: upstream.settle,
      });
    },

    ...(compat.models === false
      ? {}
      : {
          async models(context: CallContext) {
            try {
              return await fetchModelCards(
                await client(),
                compat,
                builtinModels,
                options,
                callOptions(context.signal),
              );
            } catch (error) {
              if (isAbort(error, context.signal)) throw context.signal.reason ?? error;
              if (compat.models && compat.models.emptyOnError) {
                options.logger.warn(
                  { provider, err: mapperFor(context.signal)(error) },
                  'model list failed; answering an empty list',
                );
                return [];
              }
              throw mapperFor(context.signal)(error);
            }
          },
        }),

    ...(compat.images && {
      async textToImage(request: TextToImageRequest, context: CallContext) {
        try {
          const result = await (
            await client()
          ).images.generate(
            {
              model: request.model,
              prompt: request.prompt,
              ...(request.n !== undefined && { n: request.n }),
              ...(request.size !== undefined && { size: request.size as never }),
              ...(request.quality !== undefined && { quality: request.quality as never }),
              ...(request.style !== undefined && { style: request.style as never }),
            },
            callOptions(context.signal),
          );
          return imageURLs(result);
        } catch (error) {
          if (isAbort(error, context.signal)) throw context.signal.reason ?? error;
          throw mapperFor(context.signal)(error);
        }
      },
    }),

    ...(compat.speech && {
      async speech(request: SpeechRequest, context: CallContext): Promise<SpeechAudio> {
        const format = request.format ?? 'mp3';
        try {
          const response = await (
            await client()
          ).audio.speech.create(
            {
              model: request.model,
              input: request.input,
              voice: request.voice as never,
              response_format: format,
              ...(request.speed !== undefined && { speed: request.speed }),
            },
            callOptions(context.signal),
          );
          const audio = new Uint8Array(await response.arrayBuffer());
          const contentType = response.headers.get('content-type') ?? SPEECH_CONTENT_TYPES[format];
          return { audio, contentType };
        } catch (error) {
          if (isAbort(error, context.signal)) throw context.signal.reason ?? error;
          throw mapperFor(context.signal)(error);
        }
      },
    }),

    async embeddings(request, context) {
      try {
        const result = await (
          await client()
        ).embeddings.create(
          {
            model: request.model,
            input: request.input,
            ...(request.dimensions !== undefined && { dimensions: request.dimensions }),
            encoding_format: 'float',
          },
          callOptions(context.signal),
        );
        return [...result.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
      } catch (error) {
        if (isAbort(error, context.signal)) throw context.signal.reason ?? error;
        throw mapperFor(context.signal)(error);
      }
    },
  };
}
