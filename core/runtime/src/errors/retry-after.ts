/**
 * What an upstream's error answer said besides its body, for the gateway's retries and metrics
 * (CONTRACT §10). Kept on `ManifoldError.upstream`, never in `body`: clients do not see it.
 */
export interface UpstreamDetails {
  /** HTTP status of the upstream's answer (before the catalogue mapping). */
  status?: number;
  /** How long the upstream asked to wait before a retry (`Retry-After`, `retry-after-ms`), in ms. */
  retryAfterMs?: number;
  /** The request never got an answer: the connection failed (refused, reset, DNS, TLS). */
  connection?: boolean;
}

/** Response headers as an SDK keeps them: a `Headers` object or a plain record. */
type HeaderSource = { get(name: string): string | null } | Record<string, unknown>;

/** One header of either form, case-insensitively. */
function headerValue(headers: HeaderSource, name: string): string | undefined {
  if (typeof headers.get === 'function') {
    const value = (headers as { get(name: string): string | null }).get(name);
    return typeof value === 'string' ? value : undefined;
  }
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() !== name) continue;
    if (typeof value === 'string') return value;
    if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  }
  return undefined;
}

/**
 * A `Retry-After` value in ms: delay-seconds (`120`, fractions taken) or an HTTP date (the time
 * left until it, 0 when past). Anything else is undefined.
 */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait an answer's headers ask for, in ms: `retry-after-ms` (OpenAI, Azure) when it is a
 * number, else `Retry-After`.
 */
export function retryAfterOf(
  headers: HeaderSource | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const ms = headerValue(headers, 'retry-after-ms')?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Math.round(Number(ms));
  return parseRetryAfter(headerValue(headers, 'retry-after'), now);
}

const isHeaderSource = (value: unknown): value is HeaderSource =>
  typeof value === 'object' && value !== null;

/**
 * The response headers an SDK error carries, looked for along its cause chain: `headers` (the
 * OpenAI and Anthropic SDKs' `APIError`), `response.headers`, or `$response.headers` (AWS SDK).
 */
export function headersOf(error: unknown): HeaderSource | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const record = current as Record<string, unknown>;
    for (const holder of [record, record.response, record.$response]) {
      if (!isHeaderSource(holder)) continue;
      const headers = (holder as Record<string, unknown>).headers;
      if (isHeaderSource(headers)) return headers;
    }
    current = record.cause;
  }
  return undefined;
}
