import { APIConnectionError, APIError, APIUserAbortError } from 'openai';
import type { RuntimeLogger } from '../contract/runtime.js';
import type { ErrorType } from '../errors/error-types.js';
import { ManifoldError, isManifoldError, type ErrorBody } from '../errors/manifold-error.js';
import { maskEndpoint } from '../errors/mask-endpoint.js';
import { sanitizeText, sanitizeUpstreamError } from '../errors/sanitize.js';
import type { OpenAICompatibleOptions } from './options.js';

/** An error object the upstream reported inside a 2xx answer (a stream chunk or a JSON body). */
export class UpstreamErrorPayload extends Error {
  readonly error: unknown;

  constructor(error: unknown) {
    const message =
      typeof error === 'object' && error !== null
        ? (error as { message?: unknown }).message
        : error;
    super(typeof message === 'string' ? message : JSON.stringify(message ?? 'upstream error'));
    this.name = 'UpstreamErrorPayload';
    this.error = error;
  }
}

/** Error codes every OpenAI-compatible upstream shares (SPEC §8). */
const DEFAULT_CODES: Record<string, ErrorType> = {
  insufficient_quota: 'InsufficientQuota',
  model_not_found: 'ModelNotFound',
  context_length_exceeded: 'ExceededContextWindow',
  string_above_max_length: 'ExceededContextWindow',
};

/** What an upstream failure says about itself. */
export interface UpstreamFailure {
  status?: number;
  /** `error.code` (or `error.type`, where providers put the code). */
  codes: string[];
  message: string;
}

/**
 * The error type of an upstream failure: the provider's code, message and status rules first, then
 * 401 → the invalid-key type, then the shared codes, else ProviderBizError.
 */
export function classifyFailure(
  failure: UpstreamFailure,
  compat: OpenAICompatibleOptions,
): ErrorType {
  const rules = compat.errors ?? {};
  for (const code of failure.codes) {
    const type = rules.code?.[code];
    if (type !== undefined) return type;
  }
  for (const [pattern, type] of rules.message ?? []) if (pattern.test(failure.message)) return type;
  if (failure.status !== undefined) {
    const type = rules.status?.[failure.status];
    if (type !== undefined) return type;
    if (failure.status === 401) return rules.invalidAPIKey ?? 'InvalidProviderAPIKey';
  }
  for (const code of failure.codes) {
    const type = DEFAULT_CODES[code];
    if (type !== undefined) return type;
  }
  return 'ProviderBizError';
}

/** Where errors are reported from, to build their body. */
export interface ErrorMapperContext {
  provider: string;
  baseURL: string;
  /** The base URL came from a user or env override: its host is masked in error bodies. */
  customBaseURL?: boolean;
  /** Redacted wherever it appears in bodies and logs. */
  apiKey?: string;
  logger: RuntimeLogger;
  /** Aborted when the client went away. */
  signal?: AbortSignal;
}

const stringsOf = (...values: unknown[]): string[] =>
  values.filter((value): value is string => typeof value === 'string' && value !== '');

/** A deep copy with every occurrence of the key replaced, so no echo of it survives. */
function redactKey<T>(value: T, apiKey: string | undefined): T {
  if (!apiKey || value === undefined) return value;
  const text = JSON.stringify(value);
  if (text === undefined || !text.includes(apiKey)) return value;
  return JSON.parse(text.split(apiKey).join('****')) as T;
}

/** The root cause's error code (`ECONNREFUSED`, `ENOTFOUND`…), never its address. */
function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return undefined;
}

function failureOf(error: unknown): (UpstreamFailure & { upstream: unknown }) | undefined {
  if (error instanceof UpstreamErrorPayload) {
    const raw = (
      typeof error.error === 'object' && error.error !== null ? error.error : {}
    ) as Record<string, unknown>;
    const status = typeof raw.status === 'number' ? raw.status : undefined;
    return {
      status,
      codes: stringsOf(raw.code, raw.type),
      message: error.message,
      upstream: error.error,
    };
  }
  if (
    error instanceof APIError &&
    !(error instanceof APIConnectionError) &&
    error.status !== undefined
  ) {
    const upstream = error.error ?? { message: error.message };
    const raw = upstream as { message?: unknown };
    const message = typeof raw.message === 'string' ? raw.message : error.message;
    return { status: error.status, codes: stringsOf(error.code, error.type), message, upstream };
  }
  return undefined;
}

/** True when the failure is the caller going away, not the upstream failing. */
export function isAbort(error: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  return (
    error instanceof APIUserAbortError || (error instanceof Error && error.name === 'AbortError')
  );
}

/**
 * The mapper of upstream failures to catalogue errors (SPEC §8). The body holds the sanitised
 * upstream error, the provider, the masked endpoint for custom base URLs and the message; the raw
 * error goes to the debug log.
 */
export function createErrorMapper(
  compat: OpenAICompatibleOptions,
  context: ErrorMapperContext,
): (error: unknown) => ManifoldError {
  const endpoint = context.customBaseURL ? maskEndpoint(context.baseURL) : undefined;
  const bodyOf = (fields: ErrorBody): ErrorBody => {
    const body: ErrorBody = { ...fields, provider: context.provider };
    if (endpoint !== undefined) body.endpoint = endpoint;
    return redactKey(body, context.apiKey);
  };

  return (error) => {
    if (isManifoldError(error)) return error;
    const failure = failureOf(error);
    context.logger.debug(
      {
        provider: context.provider,
        upstreamError: redactKey(
          failure
            ? { status: failure.status, error: failure.upstream }
            : {
                name: (error as Error)?.name,
                message: (error as Error)?.message,
                code: causeCode(error),
              },
          context.apiKey,
        ),
      },
      'upstream error',
    );
    if (failure) {
      const message = sanitizeText(failure.message);
      const body = bodyOf({ error: sanitizeUpstreamError(failure.upstream), message });
      return new ManifoldError(classifyFailure(failure, compat), body, { cause: error });
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
    return new ManifoldError('AgentRuntimeError', bodyOf({ error: details, message }), {
      cause: error,
    });
  };
}
