import { debugFlagName } from '@manifold/core/contract/runtime';
import { leanFetch, responseBody } from '@manifold/transport';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { CallContext, ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { isAbort } from '@manifold/core/errors/upstream-error';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { inlineRequestImages } from '@manifold/core/media/inline-images';
import { describeChanges } from '@manifold/core/params/clamp';
import { buildEventStream } from '@manifold/core/protocol/build-event-stream';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { readAnswer } from '@manifold/core/protocol/read-answer';
import { upstreamRelease } from '@manifold/core/protocol/upstream-release';
import { convertRequest } from './convert-request.js';
import { resolveTarget, runURL } from './endpoint.js';
import { createCloudflareErrorMapper, errorInBody, WorkersAIError } from './errors.js';
import { fetchModelCards } from './models.js';
import {
  opensThinkInPrompt,
  parseWorkersAIStream,
  resultParts,
  type WorkersAIParseOptions,
} from './parse-stream.js';

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
 * The Workers AI runtime: `POST {run base}/{model}` with a bearer token over undici (`leanFetch`,
 * or the gateway's guarded fetch). An HTTP error is thrown before any event; an SSE answer is
 * parsed chunk by chunk (native or OpenAI format), a JSON answer replayed as a stream. Model list:
 * the account's catalogue search. Construction throws InvalidProviderAPIKey when the account id or
 * base URL is missing, or an account id comes without a key (SPEC §5).
 */
export function createCloudflareRuntime(
  options: RuntimeOptions,
  builtinModels: readonly ModelCard[] = [],
): ProviderRuntime {
  const provider = options.providerId;
  const target = resolveTarget(options);
  const fetch = options.fetch ?? leanFetch;
  const debug = options.env[debugFlagName(provider)] === '1';
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (target.authorization) headers.authorization = target.authorization;
  const mapperFor = (signal?: AbortSignal) =>
    createCloudflareErrorMapper({
      provider,
      baseURL: target.runBase,
      custom: target.custom,
      secrets: [options.apiKey, target.accountId],
      logger: options.logger,
      signal,
    });

  return {
    async chat(original, context) {
      const mapError = mapperFor(context.signal);
      const url = runURL(target, original.model, provider);
      // Workers AI takes images only inline: URLs are fetched first (a failure is a 400).
      const request = await inlineRequestImages(original, {
        provider,
        fetch: options.fetchUserContent,
        signal: context.signal,
      });
      const { body, changes } = convertRequest(request);
      if (changes.length > 0) {
        options.logger.debug({ provider, model: request.model, changes }, describeChanges(changes));
      }
      if (debug) options.logger.info({ provider, payload: body }, 'chat completion payload');
      const parse: WorkersAIParseOptions = {
        mapError,
        opensThinkInPrompt: opensThinkInPrompt(request.model),
        ...(debug && {
          onData: (data: string) =>
            options.logger.info({ provider, chunk: data }, 'chat completion chunk'),
        }),
      };

      const upstream = upstreamRelease(context.signal);
      let parts: AsyncIterable<StreamPart>;
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: upstream.signal,
        });
        if (!response.ok) throw new WorkersAIError(response.status, await errorBody(response));
        parts = await readAnswer(response, responseBody(response), {
          provider,
          logger: options.logger,
          // Workers AI streams only with an event-stream type; anything else is a JSON envelope.
          streamed: false,
          onData: parse.onData,
          stream: (messages) => parseWorkersAIStream(messages, parse),
          whole(answer) {
            const failure = errorInBody(answer);
            if (failure) throw failure;
            return resultParts(answer, parse);
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
      if (!target.accountId) {
        throw new ManifoldError('ProviderBizError', {
          provider,
          message:
            'The Workers AI model list needs an account ID; the base URL does not contain one',
        });
      }
      try {
        return await fetchModelCards(
          {
            fetch,
            url: `${target.apiBase}/accounts/${target.accountId}/ai/models/search`,
            headers,
            signal: context.signal,
          },
          options.models ?? builtinModels,
        );
      } catch (error) {
        if (isAbort(error, context.signal)) throw context.signal.reason ?? error;
        throw mapperFor(context.signal)(error);
      }
    },
  };
}
