import { classifyAnthropicFailure } from '@manifold/wire-anthropic/errors';
import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import { createUpstreamErrorMapper } from '@manifold/core/errors/upstream-error';

/** Where Anthropic errors are reported from. */
export interface AnthropicErrorContext {
  provider: string;
  baseURL: string;
  /** The base URL came from a user or env override: its host is masked. */
  customBaseURL?: boolean;
  /** Redacted wherever it appears. */
  apiKey?: string;
  logger: RuntimeLogger;
  signal?: AbortSignal;
}

/**
 * The mapper of Anthropic failures to catalogue errors (SPEC §8): the SDK's HTTP errors and
 * in-stream `error` events classified by `classifyAnthropicFailure` (401 → InvalidProviderAPIKey,
 * 403 or a location message → LocationNotSupportError, model 404 → ModelNotFound, 429 →
 * QuotaLimitReached, prompt too long → ExceededContextWindow, else ProviderBizError); aborts and
 * connection failures as the shared mapper does it; bodies sanitised, custom hosts masked.
 */
export function createAnthropicErrorMapper(
  context: AnthropicErrorContext,
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
    classifyAnthropicFailure,
  );
}
