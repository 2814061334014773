import type { ErrorType } from '@manifold/core/errors/error-types';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import {
  createUpstreamErrorMapper,
  isAbort,
  type UpstreamErrorContext,
} from '@manifold/core/errors/upstream-error';
import type { OpenAICompatibleOptions } from './options.js';
import { isSDKStatusError } from './sdk.js';

/** Message of an upstream error that says nothing about itself. */
export const NO_MESSAGE = 'The provider reported an error without a message';

/** What an upstream error object says: its message, else its code or type, else `NO_MESSAGE`. */
function messageOf(error: unknown): string {
  if (typeof error === 'string') return error === '' ? NO_MESSAGE : error;
  if (typeof error !== 'object' || error === null) return NO_MESSAGE;
  const { message, code, type } = error as Record<string, unknown>;
  if (typeof message === 'string' && message !== '') return message;
  if (message !== undefined && message !== null && message !== '') return JSON.stringify(message);
  for (const value of [code, type]) if (typeof value === 'string' && value !== '') return value;
  return NO_MESSAGE;
}

/** An error object the upstream reported inside a 2xx answer (a stream chunk or a JSON body). */
export class UpstreamErrorPayload extends Error {
  readonly error: unknown;

  constructor(error: unknown) {
    super(messageOf(error));
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
export interface ErrorMapperContext extends Omit<UpstreamErrorContext, 'secrets'> {
  baseURL: string;
  /** Redacted wherever it appears in bodies and logs. */
  apiKey?: string;
}

const stringsOf = (...values: unknown[]): string[] =>
  values.filter((value): value is string => typeof value === 'string' && value !== '');

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
  if (isSDKStatusError(error)) {
    const upstream = error.error ?? { message: error.message };
    const raw = upstream as { message?: unknown };
    const message = typeof raw.message === 'string' ? raw.message : error.message;
    return { status: error.status, codes: stringsOf(error.code, error.type), message, upstream };
  }
  return undefined;
}

export { isAbort };

/**
 * The mapper of upstream failures to catalogue errors (SPEC §8) for an OpenAI-compatible upstream:
 * the SDK's API errors and in-stream error payloads classified by `classifyFailure`, the rest as
 * the shared upstream mapper does it.
 */
export function createErrorMapper(
  compat: OpenAICompatibleOptions,
  context: ErrorMapperContext,
): (error: unknown) => ManifoldError {
  return createUpstreamErrorMapper({ ...context, secrets: [context.apiKey] }, (error) => {
    const failure = failureOf(error);
    if (!failure) return undefined;
    const message =
      failure.status === undefined ? undefined : compat.errors?.statusMessage?.[failure.status];
    return { ...failure, type: classifyFailure(failure, compat), ...(message && { message }) };
  });
}
