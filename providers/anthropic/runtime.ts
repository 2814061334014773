import type Anthropic from '@anthropic-ai/sdk';
import { AnthropicStreamError } from '@manifold/wire-anthropic/errors';
import {
  anthropicMessageEvents,
  anthropicStreamParts,
} from '@manifold/wire-anthropic/parse-stream';
import { leanFetch, responseBody } from '@manifold/transport';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { isAbort } from '@manifold/core/errors/upstream-error';
import { describeChanges } from '@manifold/core/params/clamp';
import { buildEventStream } from '@manifold/core/protocol/build-event-stream';
import { parseJSONChunk } from '@manifold/core/protocol/chunk-error';
import { type SSEMessage } from '@manifold/core/protocol/sse-decode';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { readAnswer } from '@manifold/core/protocol/read-answer';
import { upstreamRelease } from '@manifold/core/protocol/upstream-release';
import { convertAnthropicRequest } from './convert-request.js';
import { createAnthropicErrorMapper } from './errors.js';
import { fetchAnthropicModels } from './models.js';

/** Anthropic's API origin; the SDK adds `/v1/...`. */
export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';

/**
 * The API version every request asks for. The SDK's own default (2026-10-21) removed temperature
 * and top_p, which SPEC §5 sends; 2023-06-01 is also the version SPEC §7 names for the model list.
 */
export const ANTHROPIC_VERSION = '2023-06-01';

/** Longest wait for the answer's headers (the SDK's default, also for non-streaming answers). */
const REQUEST_TIMEOUT_MS = 10 * 60 * 1000;

/** The SDK's base URL: a trailing `/` or `/v1` is dropped, since the SDK adds `/v1/messages`. */
export const upstreamBaseURL = (baseURL: string | undefined): string =>
  (baseURL || ANTHROPIC_BASE_URL).replace(/\/+$/, '').replace(/\/v1$/, '');

/** The `anthropic-beta` header value from `ANTHROPIC_BETA_HEADERS` (comma-separated betas). */
export function betaHeader(env: RuntimeOptions['env']): string | undefined {
  const betas = (env.ANTHROPIC_BETA_HEADERS ?? '')
    .split(',')
    .map((beta) => beta.trim())
    .filter((beta) => beta !== '');
  return betas.length > 0 ? betas.join(',') : undefined;
}

/** The JSON events of an SSE body; a payload that is not JSON throws StreamChunkError. */
async function* sseEvents(
  messages: AsyncIterable<SSEMessage>,
  onData?: (data: string) => void,
): AsyncGenerator<unknown> {
  for await (const message of messages) {
    const data = message.data.trim();
    if (data === '') continue;
    onData?.(data);
    const event = parseJSONChunk(data);
    // Every event carries its type in the data too; the SSE event name stands in if not.
    const typed = typeof event === 'object' && event !== null && 'type' in event;
    yield typed || message.event === undefined ? event : { type: message.event, ...event! };
  }
}

/**
 * The Anthropic runtime on the official SDK (`x-api-key`, `anthropic-version: 2023-06-01`,
 * `anthropic-beta` from `ANTHROPIC_BETA_HEADERS`, no retries). The SDK sends the request and turns
 * HTTP errors into its error classes; the SSE body is read here with `decodeSSE` so that a chunk
 * that is not JSON becomes StreamChunkError and a dropped connection an early end, and a
 * non-streaming answer is replayed through the same parser.
 */
export function createAnthropicRuntime(
  options: RuntimeOptions,
  builtinModels: readonly ModelCard[] = [],
): ProviderRuntime {
  const provider = options.providerId;
  const apiKey = options.apiKey;
  if (!apiKey) {
    throw new ManifoldError('InvalidProviderAPIKey', {
      provider,
      message: `No API key configured for ${provider}`,
    });
  }
  const baseURL = upstreamBaseURL(options.baseURL);
  const beta = betaHeader(options.env);
  // The SDK is loaded on the first call, not at boot: an unused provider costs no memory.
  let loaded: Promise<Anthropic> | undefined;
  const sdk = () =>
    (loaded ??= import('@anthropic-ai/sdk').then(
      ({ default: Anthropic }) =>
        new Anthropic({
          apiKey,
          baseURL,
          maxRetries: 0,
          fetch: options.fetch ?? leanFetch,
          // The key goes in `x-api-key`, which every Anthropic-compatible endpoint takes, not as a bearer.
          defaultHeaders: {
            'x-api-key': apiKey,
            authorization: null,
            'anthropic-version': ANTHROPIC_VERSION,
            ...(beta ? { 'anthropic-beta': beta } : {}),
          },
          // Set here so the SDK reads none of its ANTHROPIC_* variables from the process environment.
          webhookKey: null,
          logLevel: 'off',
          openTelemetry: false,
        }),
    ));
  const models = options.models ?? builtinModels;
  const debug = options.env[`DEBUG_${provider.toUpperCase().replace(/-/g, '_')}_CHAT_COMPLETION`];
  const onData =
    debug === '1'
      ? (data: string) => options.logger.info({ provider, chunk: data }, 'chat completion chunk')
      : undefined;
  const mapperFor = (signal?: AbortSignal) =>
    createAnthropicErrorMapper({
      provider,
      baseURL,
      customBaseURL: options.customBaseURL,
      apiKey,
      logger: options.logger,
      signal,
    });

  return {
    async chat(request, context) {
      const mapError = mapperFor(context.signal);
      const { body, changes } = await convertAnthropicRequest(request, context, {
        providerId: provider,
        env: options.env,
        logger: options.logger,
        fetchUserContent: options.fetchUserContent,
        models,
      });
      if (changes.length > 0) {
        options.logger.debug({ provider, model: body.model, changes }, describeChanges(changes));
      }
      if (onData) options.logger.info({ provider, payload: body }, 'chat completion payload');

      const upstream = upstreamRelease(context.signal);
      let parts: AsyncIterable<StreamPart>;
      try {
        // `post`, not `messages.create`: the same request without the SDK's console warnings
        // about deprecated models and its refusal of long non-streaming calls.
        const client = await sdk();
        const response = await client
          .post('/v1/messages', {
            body,
            stream: body.stream,
            signal: upstream.signal,
            timeout: REQUEST_TIMEOUT_MS,
          })
          .asResponse();
        parts = await readAnswer(response, responseBody(response), {
          provider,
          logger: options.logger,
          streamed: body.stream,
          onData,
          stream: (messages) => anthropicStreamParts(sseEvents(messages, onData), { mapError }),
          whole(message) {
            // An error body with a 2xx status is still refused before any event.
            if ((message as { type?: unknown } | null)?.type === 'error')
              throw mapError(new AnthropicStreamError(message));
            return anthropicStreamParts(anthropicMessageEvents(message), { mapError });
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

    async models(context) {
      try {
        return await fetchAnthropicModels(await sdk(), models, context.signal);
      } catch (error) {
        if (isAbort(error, context.signal)) throw context.signal.reason ?? error;
        throw mapperFor(context.signal)(error);
      }
    },
  };
}
