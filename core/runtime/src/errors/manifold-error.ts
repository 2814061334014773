import type { ErrorType } from './error-types.js';
import type { UpstreamDetails } from './retry-after.js';

/** Details carried in the `body` of an error answer (CONTRACT §7). */
export interface ErrorBody {
  /** The provider's error, sanitised (no keys, custom hosts masked). */
  error?: unknown;
  /** Provider id. */
  provider?: string;
  /** Upstream endpoint, custom hosts masked. */
  endpoint?: string;
  /** Human-readable message (English). */
  message?: string;
  [key: string]: unknown;
}

/**
 * The one error class of Manifold. Every failure a client can see is a `ManifoldError` with an
 * error type from the catalogue; its HTTP status comes from the catalogue (`errorStatus`).
 */
export class ManifoldError extends Error {
  readonly errorType: ErrorType;
  readonly body: ErrorBody;
  /**
   * What the upstream's answer said besides its body (status, `Retry-After`), for the gateway's
   * retries; set only for upstream failures, never sent to clients.
   */
  declare readonly upstream?: UpstreamDetails;

  constructor(
    errorType: ErrorType,
    body: ErrorBody = {},
    options?: { cause?: unknown; upstream?: UpstreamDetails },
  ) {
    super(body.message ?? String(errorType), options);
    this.name = 'ManifoldError';
    this.errorType = errorType;
    this.body = body;
    if (options?.upstream) (this as { upstream?: UpstreamDetails }).upstream = options.upstream;
  }
}

export const isManifoldError = (value: unknown): value is ManifoldError =>
  value instanceof ManifoldError;
