import type { ErrorType } from './error-types.js';

/**
 * Why the gateway gave up on an upstream answer by its own rules (not because the provider said
 * so): a size limit, a timeout, or a redirect it does not follow.
 */
export type UpstreamFaultReason =
  | 'line_too_long'
  | 'response_too_large'
  | 'connect_timeout'
  | 'first_byte_timeout'
  | 'idle_timeout'
  | 'total_timeout'
  | 'redirect';

const TIMEOUTS = new Set<UpstreamFaultReason>([
  'connect_timeout',
  'first_byte_timeout',
  'idle_timeout',
  'total_timeout',
]);

/**
 * An upstream answer the gateway cut off or refused by its own limits. Thrown by the transport and
 * the stream decoders; every wire's error mapper turns it into the catalogue error (`errorType`)
 * with `body.reason`, so the same fault reads the same on every wire. Browser-safe.
 */
export class UpstreamFault extends Error {
  readonly reason: UpstreamFaultReason;
  /**
   * Extra body fields: `limit` (bytes or ms) and `setting` (the variable that sets it), `status`
   * of a redirect.
   */
  readonly details: Readonly<Record<string, unknown>>;
  /** The message as made here (an SDK may append its own text to `message`: the AWS SDK does). */
  readonly description: string;
  /**
   * Where a refused redirect pointed (its `Location`, resolved against the request URL), for a
   * caller that follows redirects itself, checking each hop (the crawl tool). Kept out of
   * `details`, which reach the client: a provider's redirect target is nobody else's business.
   */
  readonly location: string | undefined;

  constructor(
    reason: UpstreamFaultReason,
    message: string,
    details: Record<string, unknown> = {},
    options?: { cause?: unknown; location?: string },
  ) {
    super(message, options);
    this.name = 'UpstreamFault';
    this.description = message;
    this.reason = reason;
    this.details = details;
    this.location = options?.location;
  }

  /** A timeout is 504 (the gateway waited too long), anything else ProviderBizError (471). */
  get errorType(): ErrorType {
    return TIMEOUTS.has(this.reason) ? 504 : 'ProviderBizError';
  }
}

/** The UpstreamFault an error is or wraps (SDKs wrap a failed fetch in their own error classes). */
export function findUpstreamFault(error: unknown): UpstreamFault | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    if (current instanceof UpstreamFault) return current;
    current = current.cause;
  }
  return undefined;
}

const MIB = 1024 * 1024;

/** `8 MiB`, `512 KiB`, `100 bytes`: a limit as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes >= MIB && bytes % MIB === 0) return `${bytes / MIB} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
