import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import {
  createUpstreamErrorMapper,
  type ClassifiedFailure,
} from '@manifold/core/errors/upstream-error';

/**
 * A failure fal reported: an HTTP error answer (`status` set) or a failed request in the queue.
 * `body` is what it sent: `{detail: string}` (auth, unknown app) or `{detail: [{loc, msg, type}]}`
 * (validation, content policy; fal.ai/docs/documentation/model-apis/errors), or raw text.
 */
export class FalError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly body: unknown,
  ) {
    super(detailOf(body) ?? (status ? `HTTP ${status}` : 'fal request failed'));
    this.name = 'FalError';
  }
}

/** The human-readable `detail` of a fal error body: the string, or the `msg` of each entry. */
export function detailOf(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (typeof body !== 'object' || body === null) return undefined;
  const { detail, error } = body as { detail?: unknown; error?: unknown };
  if (typeof detail === 'string' && detail !== '') return detail;
  if (Array.isArray(detail)) {
    const messages = detail
      .map((entry) => (entry as { msg?: unknown } | null)?.msg)
      .filter((message): message is string => typeof message === 'string' && message !== '');
    if (messages.length > 0) return messages.join('; ');
  }
  return typeof error === 'string' && error !== '' ? error : undefined;
}

/** 401 and 403 are a bad or unauthorised key; everything else fal refuses is ProviderBizError. */
function classify(error: unknown): ClassifiedFailure | undefined {
  if (!(error instanceof FalError)) return undefined;
  const badKey = error.status === 401 || error.status === 403;
  return {
    type: badKey ? 'InvalidProviderAPIKey' : 'ProviderBizError',
    upstream: typeof error.body === 'string' ? { message: error.body } : error.body,
    message: error.message,
    status: error.status,
  };
}

/** The mapper of fal failures to catalogue errors (SPEC §8). */
export function createFalErrorMapper(context: {
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
