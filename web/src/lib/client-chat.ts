import type { ChatRequest } from '@manifold/core/contract/chat-request';
import {
  normalizeBaseURL,
  splitBaseQuery,
  withBaseQuery,
  type BaseQuery,
} from '@manifold/core/contract/base-url';
import type { KeyVault } from '@manifold/core/contract/key-vault';
import type { ModelCard } from '@manifold/core/contract/model-card';
import type {
  ProviderDefinition,
  ProviderRuntime,
  PullProgress,
  RuntimeLogger,
  RuntimeOptions,
} from '@manifold/core/contract/runtime';
import type { StreamEvent } from '@manifold/core/contract/stream-event';
import { toErrorResponse } from '@manifold/core/errors/response';
import { leanFetch } from '@manifold/transport';
import {
  ChatFetchError,
  isAbortError,
  networkError,
  type ClientFetchFailure,
} from './api-error.js';

/**
 * A provider called from the page ("fetch from the browser"): the provider's own runtime, the
 * same code the gateway runs, built here with the person's key-vault fields, which therefore never
 * reach the gateway. Its CONTRACT §4 events and its catalogue errors come out exactly as the
 * gateway's chat stream gives them (`openChatStream` in `./api.ts`), so the chat store cannot tell
 * the two apart. Loaded on demand, with the provider's definition.
 */

const URL_FIELDS = ['baseURL', 'endpoint', 'baseURLOrAccountID'] as const;

/** Runtimes log their upstream failures at debug; in the page only warnings reach the console. */
const pageLogger: RuntimeLogger = {
  debug: () => {},
  info: () => {},
  warn: (object, message) => console.warn(message ?? '', object),
  error: (object, message) => console.error(message ?? '', object),
};

const LOOPBACK = /^(localhost|127(?:\.\d+){3}|\[::1\])$/i;

/**
 * A fetch that, when a request gets no answer, finds out why as far as a page can: an https page
 * may not call a plain-http address other than loopback (`insecure`); otherwise a `no-cors` probe
 * of the address's origin tells a server that answered but withheld its answer from this origin
 * (`cors`: the probe gets an opaque answer) from one that is not there (`unreachable`). The
 * request's own error is rethrown unchanged: the runtime maps it to its catalogue type.
 */
export function diagnosingFetch(
  inner: typeof globalThis.fetch,
  options: { probe?: typeof globalThis.fetch; pageOrigin?: string; probeTimeoutMs?: number } = {},
): { fetch: typeof globalThis.fetch; failure(): ClientFetchFailure | undefined } {
  let failure: ClientFetchFailure | undefined;
  const probe = options.probe ?? ((input, init) => globalThis.fetch(input, init));
  const fetch: typeof globalThis.fetch = async (input, init) => {
    try {
      return await inner(input, init);
    } catch (error) {
      if (init?.signal?.aborted || isAbortError(error) || !(error instanceof TypeError))
        throw error;
      const url = new URL(input instanceof Request ? input.url : String(input));
      const known = options.pageOrigin ? { origin: options.pageOrigin } : {};
      if (
        options.pageOrigin?.startsWith('https:') &&
        url.protocol === 'http:' &&
        !LOOPBACK.test(url.hostname)
      ) {
        failure = { reason: 'insecure', target: url.origin, ...known };
        throw error;
      }
      const answered = await probe(`${url.origin}/`, {
        mode: 'no-cors',
        cache: 'no-store',
        signal: AbortSignal.timeout(options.probeTimeoutMs ?? 3000),
      }).then(
        () => true,
        () => false,
      );
      failure = { reason: answered ? 'cors' : 'unreachable', target: url.origin, ...known };
      throw error;
    }
  };
  return { fetch, failure: () => failure };
}

/** Where a runtime built in the page sends its requests, and how. */
export interface PageRuntimeSetup {
  /** The provider's effective model cards (from `/providers`), as the gateway passes them. */
  models?: readonly ModelCard[];
  /** The provider's default base URL: a bare origin the person typed gets its path (CONTRACT §1). */
  defaultBaseURL?: string;
  /** The transport (default: the page's fetch through `@manifold/transport`). */
  fetch?: typeof globalThis.fetch;
  /** The fetch of the `no-cors` probe after a failure (default: the page's fetch). */
  probe?: typeof globalThis.fetch;
  /** The page's origin, named in the explanation of a refusal (default: `location.origin`). */
  pageOrigin?: string;
}

/**
 * The runtime options a gateway would build from the same key vault (CONTRACT §1–2): fields
 * trimmed and empty ones dropped, URLs normalised (a bare origin gets the default base URL's path,
 * a query goes on every request), custom hosts masked in errors. No environment: that is the
 * server's.
 */
export function pageRuntimeOptions(
  providerId: string,
  vault: KeyVault,
  setup: PageRuntimeSetup & { fetch: typeof globalThis.fetch },
): RuntimeOptions {
  const options: RuntimeOptions = { providerId, env: {}, logger: pageLogger };
  for (const [field, value] of Object.entries(vault) as Array<[keyof KeyVault, unknown]>)
    if (typeof value === 'string' && value.trim() !== '') options[field] = value.trim();
  const queries = new Map<string, BaseQuery>();
  for (const field of URL_FIELDS) {
    const value = options[field];
    if (value === undefined || (field === 'baseURLOrAccountID' && !/^https?:/i.test(value)))
      continue;
    const { url, query } = splitBaseQuery(normalizeBaseURL(value, setup.defaultBaseURL, field));
    options[field] = url;
    if (query.length > 0) queries.set(new URL(url).origin, query);
  }
  if (options.baseURL !== undefined || options.endpoint !== undefined) options.customBaseURL = true;
  if (setup.models) options.models = setup.models;
  options.fetch = queries.size > 0 ? withBaseQuery(queries, setup.fetch) : setup.fetch;
  return options;
}

/** A failure as the gateway would have answered it (CONTRACT §7), with why the page got no answer. */
function clientError(error: unknown, failure?: ClientFetchFailure): ChatFetchError {
  const { status, payload } = toErrorResponse(error);
  const body = failure ? { ...payload.body, clientFetch: failure } : { ...payload.body };
  return new ChatFetchError(payload.errorType, status, body, { cause: error });
}

/** The runtime of a definition for the person's vault, and the diagnosis of its failed requests. */
function pageRuntime(definition: ProviderDefinition, vault: KeyVault, setup: PageRuntimeSetup) {
  const pageOrigin = setup.pageOrigin ?? globalThis.location?.origin;
  const diagnosis = diagnosingFetch(setup.fetch ?? leanFetch, {
    ...(setup.probe ? { probe: setup.probe } : {}),
    ...(pageOrigin ? { pageOrigin } : {}),
  });
  let runtime: ProviderRuntime;
  try {
    runtime = definition.createRuntime(
      pageRuntimeOptions(definition.manifest.id, vault, {
        ...setup,
        defaultBaseURL: setup.defaultBaseURL ?? definition.manifest.defaultBaseURL,
        fetch: diagnosis.fetch,
      }),
    );
  } catch (error) {
    throw clientError(error);
  }
  return { runtime, failure: diagnosis.failure };
}

/**
 * The events of a runtime's stream as `openChatStream` reads them off the gateway: up to and
 * including an `error` event; a thrown failure as its catalogue error; an abort as the AbortError;
 * a stream that ends without `stop` or `error` as a network error.
 */
async function* runtimeEvents(
  events: AsyncIterable<StreamEvent>,
  signal: AbortSignal,
): AsyncGenerator<StreamEvent> {
  let finished = false;
  try {
    for await (const event of events) {
      if (event.event === 'stop') finished = true;
      yield event;
      if (event.event === 'error') return;
    }
  } catch (error) {
    if (isAbortError(error) || signal.aborted) throw signal.reason ?? error;
    throw clientError(error);
  }
  if (signal.aborted) throw signal.reason;
  if (!finished) throw networkError(new Error('The connection closed before the answer ended'));
}

/**
 * Chat with a provider from the page: its runtime, built with `vault`, runs `chat` against the
 * provider itself. Resolves once the provider accepted the request, with its CONTRACT §4 events;
 * throws `ChatFetchError` with the catalogue type and body a gateway would answer (a refusal gets
 * `body.clientFetch`, why the page got no answer); an abort through `signal` rethrows the
 * AbortError, here and from the generator.
 */
export async function openClientChatStream(
  definition: ProviderDefinition,
  request: ChatRequest,
  vault: KeyVault,
  signal: AbortSignal,
  setup: PageRuntimeSetup = {},
): Promise<AsyncGenerator<StreamEvent>> {
  const startedAt = Date.now();
  const { runtime, failure } = pageRuntime(definition, vault, setup);
  let events: AsyncIterable<StreamEvent>;
  try {
    const body = { ...request, provider: definition.manifest.id };
    events = await runtime.chat(body, { signal, startedAt });
  } catch (error) {
    if (isAbortError(error) || signal.aborted) throw signal.reason ?? error;
    throw clientError(error, failure());
  }
  return runtimeEvents(events, signal);
}

/**
 * The provider's own model list, fetched from the page (`GET /webapi/models/:provider` of the
 * gateway otherwise): remote cards, or `ChatFetchError` as the gateway would answer (405 for a
 * runtime without a model list).
 */
export async function listClientModels(
  definition: ProviderDefinition,
  vault: KeyVault,
  setup: PageRuntimeSetup = {},
): Promise<ModelCard[]> {
  const { runtime, failure } = pageRuntime(definition, vault, setup);
  if (!runtime.models) {
    throw new ChatFetchError(405, 405, {
      message: `${definition.manifest.id} has no model list`,
      provider: definition.manifest.id,
    });
  }
  try {
    return await runtime.models({ signal: new AbortController().signal, startedAt: Date.now() });
  } catch (error) {
    throw clientError(error, failure());
  }
}

/**
 * Pull (download) a model into the provider's local server from the page, as the gateway's
 * `POST /webapi/models/:provider/pull` would: its progress reports, or `ChatFetchError` (405 for a
 * runtime that cannot pull); an abort through `signal` rethrows the AbortError.
 */
export async function pullClientModel(
  definition: ProviderDefinition,
  model: string,
  vault: KeyVault,
  signal: AbortSignal,
  setup: PageRuntimeSetup = {},
): Promise<AsyncIterable<PullProgress>> {
  const { runtime, failure } = pageRuntime(definition, vault, setup);
  if (!runtime.pull) {
    throw new ChatFetchError(405, 405, {
      message: `${definition.manifest.id} cannot pull models`,
      provider: definition.manifest.id,
    });
  }
  try {
    return await runtime.pull(model, { signal, startedAt: Date.now() });
  } catch (error) {
    if (isAbortError(error) || signal.aborted) throw signal.reason ?? error;
    throw clientError(error, failure());
  }
}
