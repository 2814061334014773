import { completionParts } from '@manifold/wire-openai/non-stream';
import { debugFlagName } from '@manifold/core/contract/runtime';
import { leanFetch, responseBody } from '@manifold/transport';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { CallContext, ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { isAbort } from '@manifold/core/errors/upstream-error';
import { useBase64Images } from '@manifold/core/media/image';
import { inlineRequestImages } from '@manifold/core/media/inline-images';
import { describeChanges } from '@manifold/core/params/clamp';
import { buildEventStream } from '@manifold/core/protocol/build-event-stream';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { readAnswer } from '@manifold/core/protocol/read-answer';
import { upstreamRelease } from '@manifold/core/protocol/upstream-release';
import { convertRequest, HUGGINGFACE_ROUTER } from './convert-request.js';
import { createHuggingFaceErrorMapper, errorInBody, HuggingFaceError } from './errors.js';
import { fetchModelCards, hubBase, modelListURL } from './models.js';
import { parseRouterStream, type RouterParseOptions } from './parse-stream.js';

/** The body of an error answer: parsed JSON when it is JSON, else its text. */
async function errorBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The Hugging Face runtime: chat completions on the Inference Providers router over undici
 * (`leanFetch`, or the gateway's guarded fetch), built from the OpenAI-compatible pieces — the
 * request conversion, chunk parser and error classification — because the router reports errors
 * inside streams as `{"error": "<string>"}`, which the shared stream parser does not recognise.
 * Model list: the Hub's public list. A missing key is InvalidProviderAPIKey at construction.
 */
export function createHuggingFaceRuntime(
  options: RuntimeOptions,
  builtinModels: readonly ModelCard[] = [],
): ProviderRuntime {
  const provider = options.providerId;
  if (!options.apiKey) {
    throw new ManifoldError('InvalidProviderAPIKey', {
      provider,
      message: `No API key configured for ${provider}`,
    });
  }
  const baseURL = (options.baseURL || HUGGINGFACE_ROUTER).replace(/\/+$/, '');
  const fetch = options.fetch ?? leanFetch;
  const debug = options.env[debugFlagName(provider)] === '1';
  const base64Images = useBase64Images(options.env);
  const headers = {
    authorization: `Bearer ${options.apiKey}`,
    'content-type': 'application/json',
    accept: 'text/event-stream, application/json',
  };
  const mapperFor = (signal?: AbortSignal) =>
    createHuggingFaceErrorMapper({
      provider,
      baseURL,
      customBaseURL: options.customBaseURL,
      apiKey: options.apiKey,
      logger: options.logger,
      signal,
    });

  return {
    async chat(original, context) {
      const mapError = mapperFor(context.signal);
      const request = base64Images
        ? await inlineRequestImages(original, {
            provider,
            fetch: options.fetchUserContent,
            signal: context.signal,
          })
        : original;
      const { body, changes } = convertRequest(request, context);
      if (changes.length > 0) {
        options.logger.debug({ provider, model: body.model, changes }, describeChanges(changes));
      }
      if (debug) options.logger.info({ provider, payload: body }, 'chat completion payload');
      const parse: RouterParseOptions = {
        mapError,
        ...(debug && {
          onData: (data: string) =>
            options.logger.info({ provider, chunk: data }, 'chat completion chunk'),
        }),
      };

      const upstream = upstreamRelease(context.signal);
      let parts: AsyncIterable<StreamPart>;
      try {
        const response = await fetch(`${baseURL}/chat/completions`, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: upstream.signal,
        });
        if (!response.ok) throw new HuggingFaceError(response.status, await errorBody(response));
        parts = await readAnswer(response, responseBody(response), {
          provider,
          logger: options.logger,
          streamed: body.stream === true,
          onData: parse.onData,
          stream: (messages) => parseRouterStream(messages, parse),
          whole(answer) {
            const failure = errorInBody(answer);
            if (failure) throw failure;
            return completionParts(answer);
          },
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
        signal: context.signal,
        onSettled: upstream.settle,
      });
    },

    async models(context: CallContext) {
      try {
        return await fetchModelCards(
          // The Hub is a server-configured host: the plain transport, not a user-URL guard.
          { fetch: leanFetch, url: modelListURL(hubBase(options.env)), signal: context.signal },
          options.models ?? builtinModels,
        );
      } catch (error) {
        if (isAbort(error, context.signal)) throw context.signal.reason ?? error;
        throw mapperFor(context.signal)(error);
      }
    },
  };
}
