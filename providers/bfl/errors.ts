import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import type { ErrorType } from '@manifold/core/errors/error-types';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import {
  createUpstreamErrorMapper,
  type ClassifiedFailure,
} from '@manifold/core/errors/upstream-error';

/**
 * A failure Black Forest Labs reported: an HTTP error answer (`status` set; body `{detail:
 * string}` or the validation form `{detail: [{loc, msg, type}]}`), or a task that ended without
 * an image (`status` undefined, body the task, `message` and `reason` saying why).
 */
export class BflError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly body: unknown,
    message?: string,
    readonly reason?: 'moderated' | 'failed' | 'not_found',
  ) {
    super(message ?? detailOf(body) ?? (status ? `HTTP ${status}` : 'Black Forest Labs error'));
    this.name = 'BflError';
  }
}

/** The human-readable `detail` of an error body: the string, or the `msg` of each entry. */
export function detailOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  const detail = (body as { detail?: unknown } | null)?.detail;
  if (typeof detail === 'string' && detail !== '') return detail;
  if (!Array.isArray(detail)) return undefined;
  const messages = detail
    .map((entry) => (entry as { msg?: unknown } | null)?.msg)
    .filter((message): message is string => typeof message === 'string' && message !== '');
  return messages.length > 0 ? messages.join('; ') : undefined;
}

/** 401/403 bad key, 402 out of credits, 429 too many tasks; anything else ProviderBizError. */
const STATUS_TYPES: Record<number, ErrorType> = {
  401: 'InvalidProviderAPIKey',
  403: 'InvalidProviderAPIKey',
  402: 'InsufficientQuota',
  429: 'QuotaLimitReached',
};

function classify(error: unknown): ClassifiedFailure | undefined {
  if (!(error instanceof BflError)) return undefined;
  return {
    type: (error.status !== undefined && STATUS_TYPES[error.status]) || 'ProviderBizError',
    upstream: typeof error.body === 'string' ? { message: error.body } : error.body,
    message: error.message,
    status: error.status,
    ...(error.reason ? { extra: { reason: error.reason } } : {}),
  };
}

/** The mapper of Black Forest Labs failures to catalogue errors (SPEC §8). */
export function createBflErrorMapper(context: {
  provider: string;
  baseURL: string;
  custom: boolean;
  apiKey: string | undefined;
  logger: RuntimeLogger;
  signal?: AbortSignal;
}): (error: unknown) => ManifoldError {
  return createUpstreamErrorMapper(
    {
      provider: context.provider,
      baseURL: context.baseURL,
      customBaseURL: context.custom,
      secrets: [context.apiKey],
      logger: context.logger,
      signal: context.signal,
    },
    classify,
  );
}
