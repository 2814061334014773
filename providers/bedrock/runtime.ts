import type { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { anthropicMessageEvents } from '@manifold/wire-anthropic/parse-stream';
import { debugFlagName } from '@manifold/core/contract/runtime';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { CallContext, ProviderRuntime, RuntimeOptions } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { isAbort } from '@manifold/core/errors/upstream-error';
import { describeChanges } from '@manifold/core/params/clamp';
import { buildEventStream } from '@manifold/core/protocol/build-event-stream';
import { parseJSONChunk } from '@manifold/core/protocol/chunk-error';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { upstreamRelease } from '@manifold/core/protocol/upstream-release';
import {
  convertClaudeRequest,
  convertLlamaRequest,
  isLlama,
  streamsOnBedrock,
} from './convert-request.js';
import { titanEmbeddings } from './embeddings.js';
import { createBedrockErrorMapper } from './errors.js';
import { claudeParts, llamaParts, modelChunks } from './parse-stream.js';
import { fetchRequestHandler } from './transport.js';

/** SPEC §9: the region when none is configured. */
export const DEFAULT_REGION = 'us-east-1';

/** AWS's Bedrock runtime endpoint of a region (what the SDK calls without `endpoint`). */
export const defaultEndpoint = (region: string): string =>
  `https://bedrock-runtime.${region}.${region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com'}`;

/** `us-east-1`, `us-gov-west-1`, `ap-southeast-2`, `cn-north-1`… */
const AWS_REGION = /^[a-z]{2,3}(?:-[a-z]+)+-\d{1,2}$/;

const decoder = new TextDecoder();

/**
 * The Bedrock client for one set of credentials. Everything the SDK would otherwise look up in
 * the process environment or `~/.aws` is pinned: static credentials, the region, SigV4 (never a
 * bearer token from `AWS_BEARER_TOKEN_BEDROCK`), one attempt, no FIPS/dual-stack endpoints, the
 * user-agent app id. The endpoint is `baseURL` (`BEDROCK_PROXY_URL`, tests) or AWS's for the region.
 */
export async function createBedrockClient(
  options: RuntimeOptions,
  region: string,
): Promise<BedrockRuntimeClient> {
  // Loaded on the first call, not at boot: an unused provider costs no memory.
  const { BedrockRuntimeClient } = await import('@aws-sdk/client-bedrock-runtime');
  return new BedrockRuntimeClient({
    region,
    credentials: {
      accessKeyId: options.accessKeyId ?? '',
      secretAccessKey: options.secretAccessKey ?? '',
      ...(options.sessionToken ? { sessionToken: options.sessionToken } : {}),
    },
    // Always set: else the SDK would look for AWS_ENDPOINT_URL* and ~/.aws/config endpoint_url.
    endpoint: options.baseURL || defaultEndpoint(region),
    requestHandler: fetchRequestHandler(options.fetch) as never,
    authSchemePreference: ['sigv4'],
    maxAttempts: 1,
    retryMode: 'standard',
    useFipsEndpoint: false,
    useDualstackEndpoint: false,
    userAgentAppId: 'manifold',
  });
}

/**
 * The Amazon Bedrock runtime: Claude through the Anthropic Messages format and Llama through its
 * prompt template, both over InvokeModelWithResponseStream (InvokeModel for `stream: false` and
 * for Llama 4), plus Titan embeddings. No remote model list: the runtime API has none.
 */
export function createBedrockRuntime(options: RuntimeOptions): ProviderRuntime {
  const provider = options.providerId;
  if (!options.accessKeyId || !options.secretAccessKey) {
    throw new ManifoldError('InvalidBedrockCredentials', {
      provider,
      message: `${provider} needs an AWS access key id and secret access key`,
    });
  }
  const region = options.region?.trim().toLowerCase() || DEFAULT_REGION;
  // The region becomes part of the host name: nothing but a region's shape gets there.
  if (!AWS_REGION.test(region)) {
    throw new ManifoldError('BadRequest', {
      provider,
      field: 'region',
      message: `"${region.slice(0, 40)}" is not an AWS region (e.g. us-east-1)`,
    });
  }
  let loaded: Promise<BedrockRuntimeClient> | undefined;
  const bedrock = () => (loaded ??= createBedrockClient(options, region));
  const debug = options.env[debugFlagName(provider)] === '1';
  const log = options.logger;
  const mapperFor = (signal?: AbortSignal) =>
    createBedrockErrorMapper({
      provider,
      region,
      baseURL: options.baseURL || defaultEndpoint(region),
      customBaseURL: options.customBaseURL,
      secrets: [options.secretAccessKey, options.sessionToken, options.accessKeyId],
      logger: log,
      signal,
    });
  const onChunk = debug
    ? (chunk: string) => log.info({ provider, chunk }, 'chat completion chunk')
    : undefined;
  const onDrop = (error: unknown) =>
    log.debug({ provider, error: String(error) }, 'upstream connection ended early');

  const convert = async (request: ChatRequest, context: CallContext) => {
    const { body, changes } = isLlama(request.model)
      ? convertLlamaRequest(request)
      : await convertClaudeRequest(request, {
          provider,
          fetch: options.fetchUserContent,
          signal: context.signal,
        });
    if (changes.length > 0)
      log.debug({ provider, model: request.model, changes }, describeChanges(changes));
    if (debug)
      log.info({ provider, model: request.model, payload: body }, 'chat completion payload');
    return body;
  };

  /** Send the request; resolves with the parts once Bedrock accepted it (its first event read). */
  const send = async (
    request: ChatRequest,
    body: unknown,
    signal: AbortSignal,
    mapError: (error: unknown) => ManifoldError,
  ): Promise<AsyncIterable<StreamPart>> => {
    const llama = isLlama(request.model);
    const input = {
      modelId: request.model,
      body: JSON.stringify(body),
      contentType: 'application/json',
      accept: 'application/json',
    };
    const client = await bedrock();
    const { InvokeModelCommand, InvokeModelWithResponseStreamCommand } =
      await import('@aws-sdk/client-bedrock-runtime');
    if (request.stream !== false && streamsOnBedrock(request.model)) {
      const output = await client.send(new InvokeModelWithResponseStreamCommand(input), {
        abortSignal: signal,
      });
      const chunks = modelChunks(output.body ?? [], onDrop, onChunk);
      return llama ? llamaParts(chunks) : claudeParts(chunks, mapError);
    }
    const output = await client.send(new InvokeModelCommand(input), { abortSignal: signal });
    const text = decoder.decode(output.body);
    onChunk?.(text);
    const answer = parseJSONChunk(text);
    return llama ? llamaParts([answer]) : claudeParts(anthropicMessageEvents(answer), mapError);
  };

  return {
    async chat(request, context) {
      const mapError = mapperFor(context.signal);
      const body = await convert(request, context);
      // Aborted when the client goes away or the events stop early: frees the upstream socket.
      const upstream = upstreamRelease(context.signal);
      let parts: AsyncIterable<StreamPart>;
      try {
        parts = await send(request, body, upstream.signal, mapError);
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
      const upstream = upstreamRelease(context.signal);
      try {
        const vectors = await titanEmbeddings(await bedrock(), request, upstream.signal, provider);
        upstream.fail();
        return vectors;
      } catch (error) {
        upstream.fail();
        if (isAbort(error, context.signal)) throw context.signal.reason ?? error;
        throw mapperFor(context.signal)(error);
      }
    },
  };
}
