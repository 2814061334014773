import { readCompletionAnswer } from '@manifold/wire-openai/read-completion';
import type { AzureOpenAI } from 'openai';
import { loadOpenAI } from '@manifold/wire-openai/sdk';
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
import { convertAzureRequest, deploymentFor } from './convert-request.js';
import { createAzureErrorMapper } from './errors.js';

/**
 * The API version used when neither the caller nor `AZURE_API_VERSION` sets one: the latest GA
 * data-plane inference version. o-series and GPT-5 deployments need a newer preview version
 * (2025-04-01-preview or later), which the key form or `AZURE_API_VERSION` sets.
 */
export const DEFAULT_API_VERSION = '2024-10-21';

/**
 * The resource endpoint from the key vault (`endpoint`, else a `baseURL` from the token or
 * `AZURE_PROXY_URL`): the query and an `/openai…` path a user pasted with it are cut off, since the
 * SDK adds `/openai/deployments/<name>/…?api-version=` itself.
 */
export function azureEndpoint(options: Pick<RuntimeOptions, 'endpoint' | 'baseURL'>): string {
  const given = (options.endpoint || options.baseURL || '').trim();
  if (!given) return '';
  return given
    .replace(/[?#].*$/, '')
    .replace(/\/openai(\/.*)?$/i, '')
    .replace(/\/+$/, '');
}

/**
 * The Azure OpenAI runtime on the `openai` package's `AzureOpenAI` client: deployment-based URLs,
 * the `api-key` header and `api-version` query. As in the shared OpenAI-compatible runtime, the
 * SDK sends the request (non-2xx answers throw before any event) and the body is read with
 * `decodeSSE` + the shared chunk parser, so a bad chunk is StreamChunkError and a dropped
 * connection an early end. `builtinModels` (the manifest's cards) resolve deployment names when
 * the gateway passes no effective cards.
 */
export function createAzureRuntime(
  options: RuntimeOptions,
  builtinModels: readonly ModelCard[] = [],
): ProviderRuntime {
  const provider = options.providerId;
  const endpoint = azureEndpoint(options);
  const apiKey = options.apiKey;
  if (!apiKey || !endpoint) {
    throw new ManifoldError('InvalidProviderAPIKey', {
      provider,
      message: `${provider} needs an API key and the resource endpoint (https://<resource>.openai.azure.com)`,
    });
  }
  // The SDK client, built on first use: the SDK is imported then, not when the runtime is made.
  let clientPromise: Promise<AzureOpenAI> | undefined;
  const client = (): Promise<AzureOpenAI> =>
    (clientPromise ??= loadOpenAI().then(
      (sdk) =>
        new sdk.AzureOpenAI({
          apiKey,
          endpoint,
          apiVersion: options.apiVersion || DEFAULT_API_VERSION,
          maxRetries: 0,
          fetch: options.fetch ?? leanFetch,
          // Null, not undefined: the SDK would read OPENAI_BASE_URL, OPENAI_ORG_ID… from the process.
          baseURL: null,
          organization: null,
          project: null,
          webhookSecret: null,
          logLevel: 'off',
        }),
    ));
  const cards = options.models ?? builtinModels;
  const debug = options.env[debugFlagName(provider)] === '1';
  const base64Images = useBase64Images(options.env);
  const mapperFor = (signal: AbortSignal, deployment: string) =>
    createAzureErrorMapper({
      provider,
      endpoint,
      apiKey,
      logger: options.logger,
      signal,
      deployment,
    });

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
    const { body, changes } = convertAzureRequest(request, context, deployment);
    if (changes.length > 0) {
      options.logger.debug({ provider, model: request.model, changes }, describeChanges(changes));
    }
    if (debug) options.logger.info({ provider, payload: body }, 'chat completion payload');
    return { body, deployment };
  };

  return {
    async chat(original, context) {
      const { body, deployment } = await prepare(original, context);
      const mapError = mapperFor(context.signal, deployment);
      // Aborted when the client goes away or when the event stream stops early: frees the socket.
      const upstream = upstreamRelease(context.signal);
      let parts: PartSource;
      try {
        const response = await (
          await client()
        ).chat.completions
          .create(body as never, { signal: upstream.signal })
          .asResponse();
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

    async embeddings(request, context) {
      const deployment = deploymentFor(request.model, cards);
      try {
        const result = await (
          await client()
        ).embeddings.create(
          {
            model: deployment,
            input: request.input,
            ...(request.dimensions !== undefined && { dimensions: request.dimensions }),
            encoding_format: 'float',
          },
          { signal: context.signal },
        );
        return [...result.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
      } catch (error) {
        if (isAbort(error, context.signal)) throw context.signal.reason ?? error;
        throw mapperFor(context.signal, deployment)(error);
      }
    },
  };
}
