import type { AbortableAsyncIterator, Ollama, ProgressResponse } from 'ollama/browser';
import type { ChatRequest } from '@manifold/core/contract/chat-request';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type {
  CallContext,
  ProviderRuntime,
  PullProgress,
  RuntimeOptions,
} from '@manifold/core/contract/runtime';
import { leanFetch, type UpstreamInit } from '@manifold/transport';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import { isAbort } from '@manifold/core/errors/upstream-error';
import { loadImage } from '@manifold/core/media/image';
import { describeChanges } from '@manifold/core/params/clamp';
import { buildEventStream } from '@manifold/core/protocol/build-event-stream';
import { streamChunkError } from '@manifold/core/protocol/chunk-error';
import type { StreamPart } from '@manifold/core/protocol/stream-part';
import { upstreamRelease, type UpstreamRelease } from '@manifold/core/protocol/upstream-release';
import { convertChatRequest, imageURLs } from './convert-request.js';
import { createOllamaErrorMapper } from './errors.js';
import { OLLAMA_DEFAULT_BASE_URL } from './manifest.js';
import { modelCardsFromTags } from './models.js';
import { answerParts, chatStreamParts, ndjsonValues, pullProgress } from './parse-stream.js';

/** The SDK client, plus `/api/pull` with `model` (its own `pull` still sends the deprecated `name`). */
interface OllamaClient extends Ollama {
  pullModel(model: string): Promise<ProgressResponse | AbortableAsyncIterator<ProgressResponse>>;
}
type OllamaOptions = ConstructorParameters<typeof Ollama>[0];

let clientClass: Promise<new (options: OllamaOptions) => OllamaClient> | undefined;
/**
 * The client class, loaded on the first call, not at boot: an unused provider costs no memory. The
 * SDK's browser build, in Node too: the same client without the Node build's file access (it reads
 * an image string that names an existing file from disk and uploads it).
 */
const ollamaClientClass = () =>
  (clientClass ??= import('ollama/browser').then(
    ({ Ollama }) =>
      class extends Ollama implements OllamaClient {
        pullModel(model: string) {
          return this.processStreamableRequest<ProgressResponse>('pull', { model, stream: true });
        }
      },
  ));

/** The base URL, checked: anything but an http(s) URL is `InvalidOllamaArgs` (SPEC §5). */
function checkedBaseURL(options: RuntimeOptions): string {
  const baseURL = options.baseURL || OLLAMA_DEFAULT_BASE_URL;
  let url: URL | undefined;
  try {
    url = new URL(baseURL);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw new ManifoldError('InvalidOllamaArgs', {
      provider: options.providerId,
      message: 'The Ollama service address is not a valid http(s) URL',
    });
  }
  return baseURL.replace(/\/+$/, '');
}

/**
 * An error answer as `{"error": "…"}` JSON, whatever its body was (a proxy's text or HTML page):
 * the SDK would otherwise print to the console while reading it. Its text becomes the error.
 */
async function normalizedErrorAnswer(response: Response): Promise<Response> {
  if (response.ok) return response;
  const text = await response.text().catch(() => '');
  let error: unknown;
  try {
    error = (JSON.parse(text) as { error?: unknown } | null)?.error;
  } catch {
    error = undefined;
  }
  const message = typeof error === 'string' && error !== '' ? error : text.trim();
  return new Response(
    JSON.stringify({ error: message || `Error ${response.status}: ${response.statusText}` }),
    {
      status: response.status,
      statusText: response.statusText,
      headers: { 'content-type': 'application/json' },
    },
  );
}

async function* fromParts(parts: Iterable<StreamPart>): AsyncGenerator<StreamPart> {
  yield* parts;
}

/**
 * Pull progress that frees the upstream when the reader stops early, and ends quietly when the
 * client went away (the route then reports the pull as cancelled).
 */
async function* releasing(
  source: AsyncIterable<PullProgress>,
  upstream: UpstreamRelease,
  signal: AbortSignal,
): AsyncGenerator<PullProgress> {
  try {
    for await (const progress of source) {
      if (signal.aborted) return;
      yield progress;
    }
  } catch (error) {
    if (!signal.aborted) throw error;
  } finally {
    upstream.fail();
  }
}

/**
 * The Ollama runtime on the `ollama` SDK. Each call gets its own client whose `fetch` is bound to
 * that call's abort signal: the SDK's `abort()` would cancel every stream of a shared client, and
 * its non-streamed requests take no signal at all. The SDK sends the request (host, headers, error
 * answers thrown as `ResponseError`); streamed bodies are read here as NDJSON, because the SDK's
 * reader skips lines that are not JSON and reports an early end only as a generic error.
 * Browser-safe (no `Buffer`, no `node:` import): the web app runs this same runtime in the page
 * when a chat is fetched from the browser (`./browser.ts`).
 */
export function createOllamaRuntime(
  options: RuntimeOptions,
  builtinModels: readonly ModelCard[] = [],
): ProviderRuntime {
  const provider = options.providerId;
  const host = checkedBaseURL(options);
  const headers: Record<string, string> = options.apiKey
    ? { Authorization: `Bearer ${options.apiKey}` }
    : {};
  const baseFetch = options.fetch ?? leanFetch;
  const debug = options.env.DEBUG_OLLAMA_CHAT_COMPLETION === '1';
  const cards = options.models ?? builtinModels;

  /**
   * A client for one call; `response()` is the last HTTP answer it received. `upstream` options
   * go to the transport (a pull lifts the total timeout: its progress may rightly take hours).
   */
  const clientFor = async (signal: AbortSignal, upstream?: UpstreamInit['upstream']) => {
    let last: Response | undefined;
    const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      // the SDK reads `response.body` itself, whatever the answer's type
      const request: UpstreamInit = { ...init, signal, upstream: { ...upstream, webBody: true } };
      last = await normalizedErrorAnswer(await baseFetch(input, request));
      return last;
    };
    const OllamaClient = await ollamaClientClass();
    return { client: new OllamaClient({ host, headers, fetch }), response: () => last };
  };

  const mapperFor = (signal: AbortSignal) =>
    createOllamaErrorMapper({
      provider,
      baseURL: host,
      customBaseURL: options.customBaseURL,
      apiKey: options.apiKey,
      logger: options.logger,
      signal,
    });

  /** Run one request; an abort rethrows the client's reason, anything else is mapped. */
  const attempt = async <T>(context: CallContext, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (isAbort(error, context.signal)) throw context.signal.reason ?? error;
      throw mapperFor(context.signal)(error);
    }
  };

  /** Every image of the request as base64, by URL, fetched in parallel before the upstream call. */
  const loadImages = async (request: ChatRequest, signal: AbortSignal) => {
    const urls = imageURLs(request);
    const loaded = await Promise.all(
      urls.map((url) => loadImage(url, { provider, fetch: options.fetchUserContent, signal })),
    );
    return new Map(urls.map((url, i) => [url, loaded[i]!.base64]));
  };

  return {
    async chat(request, context) {
      const images = await loadImages(request, context.signal);
      const { body, changes } = convertChatRequest(request, images);
      if (changes.length > 0)
        options.logger.debug({ provider, model: body.model, changes }, describeChanges(changes));
      if (debug) options.logger.info({ provider, payload: body }, 'chat completion payload');
      const mapError = mapperFor(context.signal);
      const upstream = upstreamRelease(context.signal);
      const call = await clientFor(upstream.signal);
      let parts: AsyncIterable<StreamPart>;
      try {
        if (body.stream) {
          await call.client.chat({ ...body, stream: true });
          const values = ndjsonValues(call.response()?.body ?? null, (error) =>
            options.logger.debug({ provider, error: String(error) }, 'upstream connection ended'),
          );
          parts = chatStreamParts(values, mapError);
        } else {
          let answer: unknown;
          try {
            answer = await call.client.chat({ ...body, stream: false });
          } catch (error) {
            if (error instanceof SyntaxError) throw streamChunkError('', error);
            throw error;
          }
          if (debug) options.logger.info({ provider, chunk: answer }, 'chat completion chunk');
          parts = fromParts([...answerParts(answer, { next: 0 }), { type: 'end' }]);
        }
      } catch (error) {
        upstream.fail();
        if (isAbort(error, context.signal)) throw context.signal.reason ?? error;
        throw mapError(error);
      }
      return buildEventStream(parts, {
        provider,
        startedAt: context.startedAt,
        mapError,
        splitThinkTags: true,
        signal: context.signal,
        onSettled: upstream.settle,
      });
    },

    models(context) {
      return attempt(context, async () => {
        const list = await (await clientFor(context.signal)).client.list();
        return modelCardsFromTags(list, cards);
      });
    },

    embeddings(request, context) {
      return attempt(context, async () => {
        const result = await (
          await clientFor(context.signal)
        ).client.embed({
          model: request.model,
          input: request.input,
          ...(request.dimensions !== undefined ? { dimensions: request.dimensions } : {}),
        });
        return result.embeddings;
      });
    },

    async pull(model, context) {
      const mapError = mapperFor(context.signal);
      const upstream = upstreamRelease(context.signal);
      const call = await clientFor(upstream.signal, { totalTimeoutMs: 0 });
      try {
        await call.client.pullModel(model);
      } catch (error) {
        upstream.fail();
        if (isAbort(error, context.signal)) throw context.signal.reason ?? error;
        throw mapError(error);
      }
      const values = ndjsonValues(call.response()?.body ?? null);
      return releasing(pullProgress(values, mapError, provider), upstream, context.signal);
    },
  };
}
