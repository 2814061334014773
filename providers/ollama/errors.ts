import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import {
  causeCode,
  createUpstreamErrorMapper,
  isAbort,
  type ClassifiedFailure,
} from '@manifold/core/errors/upstream-error';

/** The message of `OllamaServiceUnavailable` (SPEC §8). */
export const OLLAMA_UNAVAILABLE_MESSAGE = 'please check whether your ollama service is available';

/** An error Ollama reported as a `{"error": "…"}` line inside a streamed (HTTP 200) answer. */
export class OllamaStreamError extends Error {
  constructor(readonly error: string) {
    super(error);
    this.name = 'OllamaStreamError';
  }
}

/** The SDK's `ResponseError` (not exported by the package): a non-2xx answer and its `error` text. */
interface ResponseError extends Error {
  error: string;
  status_code: number;
}

const isResponseError = (error: unknown): error is ResponseError =>
  error instanceof Error &&
  error.name === 'ResponseError' &&
  typeof (error as Partial<ResponseError>).status_code === 'number';

/** Codes of a host that cannot be reached (refused, unknown, unroutable, timed out). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** undici's `TypeError: fetch failed` (its cause holds the code), or a bare connection error. */
function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TypeError' && error.message === 'fetch failed') return true;
  const code = causeCode(error);
  return code !== undefined && UNREACHABLE_CODES.has(code);
}

/**
 * SPEC §8 for Ollama: a host that cannot be reached → `OllamaServiceUnavailable`; an error answer
 * (`{"error": …}` with any status, or such a line inside a stream) → `OllamaBizError`, except a 401
 * (a proxied Ollama refusing the key) → `InvalidProviderAPIKey`. Aborts are left to the mapper.
 */
export function classifyOllamaFailure(
  error: unknown,
  signal?: AbortSignal,
): ClassifiedFailure | undefined {
  if (isAbort(error, signal)) return undefined;
  if (error instanceof OllamaStreamError) {
    return { type: 'OllamaBizError', upstream: { error: error.error }, message: error.error };
  }
  if (isResponseError(error)) {
    return {
      type: error.status_code === 401 ? 'InvalidProviderAPIKey' : 'OllamaBizError',
      upstream: { error: error.error },
      message: error.error,
      status: error.status_code,
    };
  }
  if (isUnreachable(error)) {
    const cause = { name: (error as Error).name, message: (error as Error).message };
    const code = causeCode(error);
    return {
      type: 'OllamaServiceUnavailable',
      upstream: code === undefined ? cause : { ...cause, code },
      message: OLLAMA_UNAVAILABLE_MESSAGE,
    };
  }
  return undefined;
}

/** Where Ollama errors are reported from. */
export interface OllamaErrorContext {
  provider: string;
  /** The Ollama host in use. */
  baseURL: string;
  /** The host came from a user or env override: masked in error bodies. */
  customBaseURL?: boolean;
  /** The proxy key, redacted wherever it appears. */
  apiKey?: string;
  logger: RuntimeLogger;
  signal?: AbortSignal;
}

/** The mapper of Ollama failures to catalogue errors (see `classifyOllamaFailure`). */
export function createOllamaErrorMapper(
  context: OllamaErrorContext,
): (error: unknown) => ManifoldError {
  return createUpstreamErrorMapper(
    {
      provider: context.provider,
      baseURL: context.baseURL,
      customBaseURL: context.customBaseURL,
      secrets: [context.apiKey],
      logger: context.logger,
      signal: context.signal,
    },
    (error) => classifyOllamaFailure(error, context.signal),
  );
}
