import { readCompletionAnswer } from '@manifold/wire-openai/read-completion';
import { isAbort } from '@manifold/wire-openai/errors';
import { debugFlagName } from '@manifold/core/contract/runtime';
import { leanFetch } from '@manifold/transport';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type { CallContext, ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { useBase64Images } from '@manifold/core/media/image';
import { inlineRequestImages } from '@manifold/core/media/inline-images';
import { describeChanges } from '@manifold/core/params/clamp';
import { buildEventStream } from '@manifold/core/protocol/build-event-stream';
import type { PartSource } from '@manifold/core/protocol/stream-part';
import { upstreamRelease } from '@manifold/core/protocol/upstream-release';
import { convertAzureAIRequest, deploymentFor } from './convert-request.js';
import { createAzureAIErrorMapper, httpError } from './errors.js';

/** The Azure AI model inference API version (`api-version` query), unless the key vault sets one. */
export const API_VERSION = '2024-05-01-preview';

/**
 * The inference endpoint from the key vault (`endpoint`, else a `baseURL` from the token or
 * `AZUREAI_PROXY_URL`): query and a pasted `/chat/completions` are cut off, and a bare Foundry
 * resource host (`https://<resource>.services.ai.azure.com`) gets its `/models` path.
 */
export function azureAIEndpoint(options: Pick<RuntimeOptions, 'endpoint' | 'baseURL'>): string {
  const given = (options.endpoint || options.baseURL || '').trim();
  if (!given) return '';
  const endpoint = given
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
    .replace(/\/chat\/completions$/i, '');
  return /^https:\/\/[^/]+\.services\.ai\.azure\.com$/i.test(endpoint)
    ? `${endpoint}/models`
    : endpoint;
}

/**
 * The Azure AI Foundry model inference runtime: `POST {endpoint}/chat/completions?api-version=…`
 * with the `api-key` header over the lean undici transport (`options.fetch` when the gateway
 * guards URLs). The SSE body goes straight to `decodeSSE` + the shared chunk parser — a chunk that
 * is not JSON is StreamChunkError, a dropped connection an early end, and a refused request is
 * read whole into an HTTP error before any event. `extra-parameters: pass-through` lets OpenAI
 * fields the inference API does not define (`stream_options`, `reasoning_effort`) reach models.
 */
export function createAzureAIRuntime(
  options: RuntimeOptions,
  builtinModels: readonly ModelCard[] = [],
): ProviderRuntime {
  const provider = options.providerId;
  const endpoint = azureAIEndpoint(options);
  const apiKey = options.apiKey;
  if (!apiKey || !endpoint) {
    throw new ManifoldError('InvalidProviderAPIKey', {
      provider,
      message: `${provider} needs an API key and the endpoint (https://<resource>.services.ai.azure.com/models)`,
    });
  }
  const url = `${endpoint}/chat/completions?api-version=${encodeURIComponent(options.apiVersion || API_VERSION)}`;
  const send = options.fetch ?? leanFetch;
  const cards = options.models ?? builtinModels;
  const debug = options.env[debugFlagName(provider)] === '1';
  const base64Images = useBase64Images(options.env);

  const onData = debug
    ? (data: string) => options.logger.info({ provider, chunk: data }, 'chat completion chunk')
    : undefined;

  const prepare = async (original: ChatRequest, context: CallContext) => {
    const request = base64Images
      ? await inlineRequestImages(original, {
          provider,
          fetch: options.fetchUserContent,
          signal: context.signal,
        })
      : original;
    const deployment = deploymentFor(request.model, cards);
    const { body, changes } = convertAzureAIRequest(request, context, deployment);
    if (changes.length > 0) {
      options.logger.debug({ provider, model: request.model, changes }, describeChanges(changes));
    }
    if (debug) options.logger.info({ provider, payload: body }, 'chat completion payload');
    return { body, deployment };
  };

  return {
    async chat(original, context) {
      const { body, deployment } = await prepare(original, context);
      const mapError = createAzureAIErrorMapper({
        provider,
        endpoint,
        apiKey,
        logger: options.logger,
        signal: context.signal,
        deployment,
      });
      // Aborted when the client goes away or when the event stream stops early: frees the socket.
      const upstream = upstreamRelease(context.signal);
      let parts: PartSource;
      try {
        const response = await send(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: body.stream === true ? 'text/event-stream' : 'application/json',
            'api-key': apiKey,
            'extra-parameters': 'pass-through',
          },
          body: JSON.stringify(body),
          signal: upstream.signal,
        });
        if (!response.ok) throw await httpError(response);
        parts = await readCompletionAnswer(response, {
          provider,
          logger: options.logger,
          streamed: body.stream === true,
          mapError,
          onData,
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
  };
}
