import type { RuntimeLogger } from '../contract/runtime.js';
import type { ErrorType } from './error-types.js';
import { ManifoldError, isManifoldError, type ErrorBody } from './manifold-error.js';
import { maskEndpoint } from './mask-endpoint.js';
import { headersOf, retryAfterOf, type UpstreamDetails } from './retry-after.js';
import { sanitizeText, sanitizeUpstreamError, truncateText } from './sanitize.js';
import { findUpstreamFault } from './upstream-fault.js';

/** What a provider's classifier says about an upstream failure it recognises. */
export interface ClassifiedFailure {
  /** The catalogue type (SPEC §8 mapping for this provider). */
  type: ErrorType;
  /** The provider's error as it sent it (sanitised before it reaches the body). */
  upstream: unknown;
  /** Human-readable message (sanitised before it reaches the body). */
  message: string;
  /** HTTP status of the upstream answer, for the debug log and the gateway's retries. */
  status?: number;
  /**
   * The wait the upstream asked for, in ms, when the classifier knows it; otherwise it is read
   * from the response headers the error carries (`headersOf`).
   */
  retryAfterMs?: number;
  /** Extra body fields (e.g. Azure's `deploymentId`). */
  extra?: Record<string, unknown>;
}

/** Where errors are reported from, to build their body. */
export interface UpstreamErrorContext {
  provider: string;
  /** The upstream base URL or endpoint. */
  baseURL?: string;
  /** The base URL came from a user or env override: its host is masked in error bodies. */
  customBaseURL?: boolean;
  /** Secrets redacted wherever they appear in bodies and logs (API key, secret access key…). */
  secrets?: ReadonlyArray<string | undefined>;
  logger: RuntimeLogger;
  /** Aborted when the client went away. */
  signal?: AbortSignal;
}

/** A provider's recogniser: the classified failure, or undefined for transport-level errors. */
export type FailureClassifier = (error: unknown) => ClassifiedFailure | undefined;

/**
 * A deep copy with every occurrence of each secret in its strings replaced, so no echo of one
 * survives (a key with a line break or a quote included).
 */
export function redactSecrets<T>(value: T, secrets: ReadonlyArray<string | undefined> = []): T {
  const present = secrets.filter((secret): secret is string => !!secret && secret.length >= 4);
  if (present.length === 0 || value === undefined) return value;
  const text = JSON.stringify(value);
  // Inside JSON text a secret appears escaped; only a copy that holds one is rebuilt.
  const escaped = present.map((secret) => JSON.stringify(secret).slice(1, -1));
  if (text === undefined || !escaped.some((secret) => text.includes(secret))) return value;
  return JSON.parse(text, (_key, field: unknown) =>
    typeof field === 'string'
      ? present.reduce((result, secret) => result.split(secret).join('****'), field)
      : field,
  ) as T;
}

/** The root cause's error code (`ECONNREFUSED`, `ENOTFOUND`…), never its address. */
export function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

/** Longest `message` kept from an upstream error; the whole text stays in `body.error` (cut too). */
const MAX_MESSAGE_LENGTH = 1000;
const HTML = /<(?:!doctype\s+html|html|head|body)\b/i;

/**
 * The message of an upstream failure, short: a long HTML error page (a proxy's 502) becomes its
 * title (else "an HTML error page"), so that the page is not in the answer twice (it is in
 * `body.error`); other long text is cut.
 */
export function summarizeMessage(message: string): string {
  if (message.length <= MAX_MESSAGE_LENGTH) return message;
  const html = HTML.exec(message);
  if (html) {
    const before = message.slice(0, html.index).trim();
    const title = /<title[^>]*>([^<]*)<\/title>/i.exec(message)?.[1]?.replace(/\s+/g, ' ').trim();
    const summary = title || 'an HTML error page';
    return truncateText(
      before && !summary.startsWith(before) ? `${before} ${summary}` : summary,
      MAX_MESSAGE_LENGTH,
    );
  }
  return truncateText(message, MAX_MESSAGE_LENGTH);
}

/** A catalogue error an SDK wrapped (the guarded transport's refusal of a private address). */
function wrappedManifoldError(error: unknown): ManifoldError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    if (isManifoldError(current)) return current;
    current = current.cause;
  }
  return undefined;
}

/**
 * True when the failure is the caller going away, not the upstream failing: the signal fired, or
 * the error is an abort (`AbortError`, or an SDK's `APIUserAbortError`).
 */
export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  if (!(error instanceof Error)) return false;
  return error.name === 'AbortError' || error.constructor?.name === 'APIUserAbortError';
}

/**
 * A mapper of upstream failures to catalogue errors (SPEC §8), the same for every provider:
 * `classify` recognises the provider's own errors (HTTP error answers, in-stream error events);
 * the body holds the sanitised upstream error, the provider, the masked endpoint for custom base
 * URLs and the message. An abort becomes AgentRuntimeError "Request was aborted"; anything else
 * (connection refused, TLS…) AgentRuntimeError with the error's name, message and cause code only.
 * The upstream's HTTP status, the wait its `Retry-After` asked for and whether the connection
 * failed go to `ManifoldError.upstream` for the gateway's retries, never into the body.
 * The raw failure goes to the debug log, secrets redacted.
 */
export function createUpstreamErrorMapper(
  context: UpstreamErrorContext,
  classify: FailureClassifier,
): (error: unknown) => ManifoldError {
  // masked on the first error, not when the mapper is made (once per chat request)
  let endpoint: string | undefined | null = null;
  const bodyOf = (fields: ErrorBody): ErrorBody => {
    const body: ErrorBody = { ...fields, provider: context.provider };
    if (endpoint === null)
      endpoint =
        context.customBaseURL && context.baseURL ? maskEndpoint(context.baseURL) : undefined;
    if (endpoint !== undefined) body.endpoint = endpoint;
    return redactSecrets(body, context.secrets);
  };

  return (error) => {
    if (isManifoldError(error)) return error;
    // The gateway's own verdicts (a limit, a timeout, a refused address), maybe wrapped by an SDK.
    const fault = findUpstreamFault(error);
    if (fault) {
      const body = bodyOf({ message: fault.description, reason: fault.reason, ...fault.details });
      return new ManifoldError(fault.errorType, body, { cause: error });
    }
    const refusal = wrappedManifoldError(error);
    if (refusal) return refusal;
    const failure = classify(error);
    context.logger.debug(
      {
        provider: context.provider,
        upstreamError: redactSecrets(
          failure
            ? { status: failure.status, error: failure.upstream }
            : {
                name: (error as Error)?.name,
                message: (error as Error)?.message,
                code: causeCode(error),
              },
          context.secrets,
        ),
      },
      'upstream error',
    );
    if (failure) {
      const message = summarizeMessage(sanitizeText(failure.message));
      const body = bodyOf({
        error: sanitizeUpstreamError(failure.upstream),
        message,
        ...failure.extra,
      });
      const upstream: UpstreamDetails = {};
      if (failure.status !== undefined) upstream.status = failure.status;
      const retryAfterMs = failure.retryAfterMs ?? retryAfterOf(headersOf(error));
      if (retryAfterMs !== undefined) upstream.retryAfterMs = retryAfterMs;
      return new ManifoldError(failure.type, body, {
        cause: error,
        ...(Object.keys(upstream).length > 0 && { upstream }),
      });
    }
    if (isAbort(error, context.signal)) {
      const body = bodyOf({ message: 'Request was aborted', reason: 'aborted' });
      return new ManifoldError('AgentRuntimeError', body, { cause: error });
    }
    const name = error instanceof Error ? error.name : 'Error';
    const message = sanitizeText(error instanceof Error ? error.message : String(error));
    const details: Record<string, unknown> = { name, message };
    const code = causeCode(error);
    if (code !== undefined) details.code = code;
    // A socket's error code (ECONNREFUSED, ECONNRESET, ENOTFOUND…) or an SDK's connection error:
    // the request got no answer, which the gateway may retry (CONTRACT §10).
    const connection = code !== undefined || /connection/i.test(name);
    return new ManifoldError('AgentRuntimeError', bodyOf({ error: details, message }), {
      cause: error,
      ...(connection && { upstream: { connection } }),
    });
  };
}
