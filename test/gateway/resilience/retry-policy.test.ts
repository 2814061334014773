import t from 'tap';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { ErrorType } from '@manifold/core/errors/error-types';
import type { UpstreamDetails } from '@manifold/core/errors/retry-after';
import {
  MAX_RETRY_DELAY_MS,
  retryDelay,
  verdictOf,
  type Verdict,
} from '@manifold/gateway/resilience/retry-policy';

const error = (type: ErrorType, body: Record<string, unknown> = {}, upstream?: UpstreamDetails) =>
  new ManifoldError(type, body, upstream ? { upstream } : undefined);

/** The README's table, row by row. */
const table: Array<[string, ManifoldError | Error, Verdict]> = [
  ['429 rate limited', error('QuotaLimitReached', {}, { status: 429 }), 'retry'],
  ['429 classified as ProviderBizError', error('ProviderBizError', {}, { status: 429 }), 'retry'],
  ['500', error('ProviderBizError', {}, { status: 500 }), 'retry'],
  ['502', error('ProviderBizError', {}, { status: 502 }), 'retry'],
  ['503', error('ProviderBizError', {}, { status: 503 }), 'retry'],
  ['504 from the upstream', error('ProviderBizError', {}, { status: 504 }), 'retry'],
  ['529 overloaded (Anthropic)', error('ProviderBizError', {}, { status: 529 }), 'retry'],
  ['a numeric 503 type', error(503), 'retry'],
  ['connection refused', error('AgentRuntimeError', {}, { connection: true }), 'retry'],
  ['Ollama unreachable', error('OllamaServiceUnavailable'), 'retry'],
  ['connect timeout', error(504, { reason: 'connect_timeout' }), 'retry'],
  ['first-byte timeout', error(504, { reason: 'first_byte_timeout' }), 'retry'],
  ['quota used up (429)', error('InsufficientQuota', {}, { status: 429 }), 'fallback'],
  ['401 invalid key', error('InvalidProviderAPIKey', {}, { status: 401 }), 'fallback'],
  ['no key configured', error('InvalidProviderAPIKey'), 'fallback'],
  ['403 location', error('LocationNotSupportError', {}, { status: 403 }), 'fallback'],
  ['403 permission', error('PermissionDenied', {}, { status: 403 }), 'fallback'],
  ['404 model', error('ModelNotFound', {}, { status: 404 }), 'fallback'],
  ['context window', error('ExceededContextWindow', {}, { status: 400 }), 'fallback'],
  ["the provider's 400", error('ProviderBizError', {}, { status: 400 }), 'fallback'],
  ['an unreadable answer', error('StreamChunkError'), 'fallback'],
  ['idle timeout', error(504, { reason: 'idle_timeout' }), 'fallback'],
  ['total timeout', error(504, { reason: 'total_timeout' }), 'fallback'],
  ['line too long', error('ProviderBizError', { reason: 'line_too_long' }), 'fallback'],
  ['a redirect', error('ProviderBizError', { reason: 'redirect', status: 302 }), 'fallback'],
  ["the gateway's BadRequest", error('BadRequest', { field: 'tools' }), 'stop'],
  ['an abort', error('AgentRuntimeError', { reason: 'aborted' }), 'stop'],
  ["Google's cancelled request", error('ProviderBizError', { reason: 'cancelled' }), 'stop'],
  ['not a catalogue error (a bug)', new TypeError('x is undefined'), 'stop'],
];

t.test('each failure gets the verdict of the retry and fallback table', async (t) => {
  for (const [what, failure, verdict] of table) t.equal(verdictOf(failure), verdict, what);
});

t.test('Retry-After is the wait, cut to 10 s; without it, backoff with jitter', async (t) => {
  t.equal(retryDelay(0, 0), 0);
  t.equal(retryDelay(3, 2500), 2500, 'whatever the attempt');
  t.equal(retryDelay(0, 60_000), MAX_RETRY_DELAY_MS);
  t.equal(
    retryDelay(0, undefined, () => 0),
    125,
  );
  t.equal(
    retryDelay(0, undefined, () => 1),
    250,
  );
  t.equal(
    retryDelay(1, undefined, () => 0),
    250,
  );
  t.equal(
    retryDelay(2, undefined, () => 1),
    1000,
  );
  t.equal(
    retryDelay(10, undefined, () => 1),
    MAX_RETRY_DELAY_MS,
    'the backoff is capped too',
  );
});
