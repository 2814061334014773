import type { ModelCard } from '@manifold/core/contract/model-card';
import {
  debugFlagName,
  type CallContext,
  type ProviderRuntime,
  type RuntimeOptions,
} from '@manifold/core/contract/runtime';
import { leanFetch, responseBody } from '@manifold/transport';
import { describeChanges } from '@manifold/core/params/clamp';
import { buildEventStream } from '@manifold/core/protocol/build-event-stream';
import { streamChunkError } from '@manifold/core/protocol/chunk-error';
import { decodeSSE } from '@manifold/core/protocol/sse-decode';
import { endOnDrop } from '@manifold/core/protocol/read-answer';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { upstreamRelease } from '@manifold/core/protocol/upstream-release';
import { convertGoogleRequest, type GoogleRequestSettings } from './convert-request.js';
import { createGoogleErrorMapper, type GoogleErrorSettings } from './errors.js';
import { googleModelCards } from './models.js';
import { googleResponseParts, parseGoogleStream, type GoogleParseOptions } from './parse-stream.js';
import type { GoogleModelInfo, GoogleRequest, GoogleResponse } from './types.js';

/** Per-call options the runtime adds to every SDK call. */
export interface GoogleCallOptions {
  /** Aborted when the client leaves or the events stop early: frees the upstream socket. */
  abortSignal: AbortSignal;
  /** One HTTP request per call: no SDK-side resumption or retry of a dropped stream. */
  automaticContinuation: false;
  /** The fetch of this call (it also hands the raw answer to the runtime). */
  httpOptions: { fetch: typeof globalThis.fetch };
}

/** A call as the SDK's `models.generateContent[Stream]` takes it. */
export type GoogleCall = GoogleRequest & { config: GoogleRequest['config'] & GoogleCallOptions };

/**
 * The SDK calls the runtime makes, adapted by each provider from its `GoogleGenAI` client (core
 * never loads the SDK). Each resolves once the upstream accepted the call and throws the SDK's
 * `ApiError` for an HTTP error answer.
 */
export interface GoogleClient {
  generateContentStream(call: GoogleCall): Promise<unknown>;
  generateContent(call: GoogleCall): Promise<unknown>;
  /** The paged model list (`GET /v1beta/models`), when the provider has one. */
  listModels?(
    config: Omit<GoogleCallOptions, 'automaticContinuation'>,
  ): Promise<AsyncIterable<GoogleModelInfo>>;
}

/** What a provider of the family configures. */
export interface GoogleRuntimeSettings extends GoogleRequestSettings, GoogleErrorSettings {
  /** The upstream base URL, masked in error bodies when it is custom. */
  baseURL: string;
  /** Redacted from error bodies and logs (API key, service-account key). */
  secrets: ReadonlyArray<string | undefined>;
  /** The manifest's cards, preferred in the remote model list. */
  builtinModels: readonly ModelCard[];
}

/**
 * A runtime of the Google wire family on the `@google/genai` SDK. The SDK builds the call (URL,
 * auth headers or OAuth token, body) and throws its `ApiError` for HTTP error answers; the
 * streamed body is then read here rather than through the SDK's iterator, which throws a bare
 * SyntaxError without the chunk for a payload that is not JSON and an Error for a connection that
 * breaks, and would resume a dropped stream on its own (`automaticContinuation`). So a bad chunk
 * is StreamChunkError with its text, and a cut connection is an early end (`unexpected_end`).
 */
export function createGoogleRuntime(
  client: GoogleClient,
  options: RuntimeOptions,
  settings: GoogleRuntimeSettings,
): ProviderRuntime {
  const provider = options.providerId;
  const baseFetch = options.fetch ?? leanFetch;
  const debug = options.env[debugFlagName(provider)];
  const mapperFor = (signal: AbortSignal) =>
    createGoogleErrorMapper(
      {
        provider,
        baseURL: settings.baseURL,
        customBaseURL: options.customBaseURL,
        secrets: settings.secrets,
        logger: options.logger,
        signal,
      },
      settings,
    );

  const convert = async (request: Parameters<ProviderRuntime['chat']>[0], context: CallContext) => {
    const { request: converted, changes } = await convertGoogleRequest(request, settings, {
      provider,
      fetch: options.fetchUserContent,
      signal: context.signal,
    });
    if (changes.length > 0)
      options.logger.debug({ provider, model: request.model, changes }, describeChanges(changes));
    if (debug === '1') options.logger.info({ provider, payload: converted }, 'google payload');
    return converted;
  };

  return {
    async chat(request, context) {
      const mapError = mapperFor(context.signal);
      let converted: GoogleRequest;
      try {
        converted = await convert(request, context);
      } catch (error) {
        // A bad image is already a BadRequest; a client leaving meanwhile is a cancelled request.
        throw mapError(error);
      }
      const upstream = upstreamRelease(context.signal);
      let answer: Response | undefined;
      const fetch = (async (input, init) =>
        (answer = await baseFetch(input, init))) as typeof globalThis.fetch;
      const call: GoogleCall = {
        ...converted,
        config: {
          ...converted.config,
          abortSignal: upstream.signal,
          automaticContinuation: false,
          httpOptions: { fetch },
        },
      };
      const parseOptions: GoogleParseOptions = {
        provider,
        mapError,
        ...(debug === '1' && {
          onData: (data: string) => options.logger.info({ provider, chunk: data }, 'google chunk'),
        }),
      };
      let parts: AsyncIterable<StreamPart>;
      try {
        if (request.stream === false) {
          const response = (await client.generateContent(call)) as GoogleResponse;
          parts = googleResponseParts(response, parseOptions);
        } else {
          await client.generateContentStream(call);
          const body = answer ? responseBody(answer) : null;
          if (!body) throw new Error('the upstream answered without a body');
          const messages = endOnDrop(decodeSSE(body), (error) =>
            options.logger.debug({ provider, error: String(error) }, 'upstream ended early'),
          );
          parts = parseGoogleStream(messages, parseOptions);
        }
      } catch (error) {
        upstream.fail();
        // A whole answer that is not JSON (the SDK's `response.json()` failed).
        if (error instanceof SyntaxError) {
          const chunkError = streamChunkError('', error);
          chunkError.body.provider = provider;
          throw chunkError;
        }
        throw mapError(error);
      }
      return buildEventStream(parts, {
        provider,
        startedAt: context.startedAt,
        mapError,
        // Gemini marks thoughts as parts; text is never searched for think tags.
        splitThinkTags: false,
        signal: context.signal,
        onSettled: upstream.settle,
      });
    },

    ...(client.listModels && {
      async models(context: CallContext) {
        try {
          const models = await client.listModels!({
            abortSignal: context.signal,
            httpOptions: { fetch: baseFetch },
          });
          return await googleModelCards(models, options.models ?? settings.builtinModels);
        } catch (error) {
          throw mapperFor(context.signal)(error);
        }
      },
    }),
  };
}
