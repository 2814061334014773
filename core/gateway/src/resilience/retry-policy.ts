import { isManifoldError } from '@manifold/core/errors/manifold-error';

/**
 * What to do after an upstream refused a chat before its first event (CONTRACT §10):
 * - `retry`: the same model again after a backoff (up to `RETRY_MAX` times), then the next fallback;
 * - `fallback`: straight to the next fallback (another model may answer what this one did not);
 * - `stop`: answer this error (the caller's own mistake, or the caller left).
 */
export type Verdict = 'retry' | 'fallback' | 'stop';

/**
 * Upstream statuses worth the same request again: rate limited, server errors, Anthropic's
 * `overloaded_error` (529, a 503 by another name).
 */
const RETRY_STATUSES = new Set([429, 500, 502, 503, 504, 529]);

/** The gateway's own timeouts that mean no answer came at all. */
const RETRY_REASONS = new Set(['connect_timeout', 'first_byte_timeout']);

/**
 * The gateway's verdicts on an answer that did come (an idle or endless answer, one too large, a
 * redirect): the same call would fail the same way, another model may not.
 */
const FALLBACK_REASONS = new Set([
  'idle_timeout',
  'total_timeout',
  'line_too_long',
  'response_too_large',
  'redirect',
]);

/** Aborts as the wires report them (Google's cancelled request included). */
const ABORT_REASONS = new Set(['aborted', 'cancelled']);

/**
 * The verdict on one failed attempt; the README's retry and fallback table. Every catalogue error
 * an upstream caused falls back (a key refused by provider A says nothing of provider B, a
 * context window too small for one model may fit another); only `BadRequest` (the gateway's own
 * check of the request: a field, a refused URL, an image that could not be fetched) and anything
 * that is not a catalogue error (a bug) stop at once.
 */
export function verdictOf(error: unknown): Verdict {
  if (!isManifoldError(error)) return 'stop';
  const { errorType, body, upstream } = error;
  const reason = typeof body.reason === 'string' ? body.reason : undefined;
  if (reason !== undefined && ABORT_REASONS.has(reason)) return 'stop';
  if (errorType === 'BadRequest') return 'stop';
  if (reason !== undefined && FALLBACK_REASONS.has(reason)) return 'fallback';
  if (reason !== undefined && RETRY_REASONS.has(reason)) return 'retry';
  // quota used up: waiting does not bring it back (OpenAI answers it with a 429)
  if (errorType === 'InsufficientQuota') return 'fallback';
  if (upstream?.connection || errorType === 'OllamaServiceUnavailable') return 'retry';
  const status = upstream?.status ?? (typeof errorType === 'number' ? errorType : undefined);
  if (status !== undefined && RETRY_STATUSES.has(status)) return 'retry';
  return 'fallback';
}

/** Longest wait before a retry, whatever `Retry-After` asks (CONTRACT §10: capped at 10 s). */
export const MAX_RETRY_DELAY_MS = 10_000;

/** The first retry's backoff ceiling; each retry doubles it. */
const BASE_DELAY_MS = 250;

/**
 * The wait before retry number `attempt` (0 for the first): the upstream's `Retry-After` when it
 * gave one, else exponential backoff with jitter (a random point in the upper half of
 * 250 ms × 2^attempt); never more than 10 s.
 */
export function retryDelay(
  attempt: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  if (retryAfterMs !== undefined) return Math.min(Math.max(0, retryAfterMs), MAX_RETRY_DELAY_MS);
  const ceiling = Math.min(MAX_RETRY_DELAY_MS, BASE_DELAY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
