import type { ErrorType } from '@manifold/core/errors/error-types';
import type { ClassifiedFailure } from '@manifold/core/errors/upstream-error';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An `error` event inside a Messages stream (`{type:"error", error:{type, message}}`), thrown or mapped. */
export class AnthropicStreamError extends Error {
  /** The whole event, as the upstream sent it. */
  readonly event: unknown;

  constructor(event: unknown) {
    const inner = isObject(event) && isObject(event.error) ? event.error : event;
    const message = isObject(inner) ? inner.message : undefined;
    super(typeof message === 'string' ? message : 'Anthropic stream error');
    this.name = 'AnthropicStreamError';
    this.event = event;
  }
}

/**
 * HTTP statuses of the API's error types (https://docs.anthropic.com/en/api/errors), so that an
 * error reported inside a stream is classified like the same error as an HTTP answer.
 */
export const ANTHROPIC_ERROR_STATUS: Readonly<Record<string, number>> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

const LOCATION =
  /\b(location|region|country|territory)\b.{0,40}\bnot\s+(supported|available|allowed)|\bnot\s+(supported|available|allowed)\s+in\s+your\s+(location|region|country|territory)|unsupported[_\s](country|region|location)/i;
const CONTEXT =
  /prompt is too long|context (window|length|limit)|exceeds? (the )?(model'?s? )?(maximum )?context|too many (input )?tokens/i;
const CREDIT = /credit balance is too low|insufficient (credit|balance|funds)/i;

/** The catalogue type of an Anthropic failure (SPEC §8, Anthropic row). */
export function anthropicErrorType(
  status: number | undefined,
  kind: string,
  message: string,
): ErrorType {
  if (status === 401 || kind === 'authentication_error') return 'InvalidProviderAPIKey';
  if (status === 403 || kind === 'permission_error' || LOCATION.test(message)) {
    return 'LocationNotSupportError';
  }
  if ((status === 404 || kind === 'not_found_error') && /model/i.test(message)) {
    return 'ModelNotFound';
  }
  if (status === 402 || kind === 'billing_error' || CREDIT.test(message))
    return 'InsufficientQuota';
  if (status === 429 || kind === 'rate_limit_error') return 'QuotaLimitReached';
  if (
    (status === 400 || status === 413 || kind === 'invalid_request_error') &&
    CONTEXT.test(message)
  ) {
    return 'ExceededContextWindow';
  }
  return 'ProviderBizError';
}

/** `{type, message}` of an error body (`{type:"error", error:{…}}`), or of an error object itself. */
function describe(body: unknown): { kind: string; message: string | undefined } {
  const inner = isObject(body) && isObject(body.error) ? body.error : body;
  if (!isObject(inner)) return { kind: '', message: typeof body === 'string' ? body : undefined };
  return {
    kind: typeof inner.type === 'string' ? inner.type : '',
    message: typeof inner.message === 'string' ? inner.message : undefined,
  };
}

/**
 * Recognise an Anthropic failure for `createUpstreamErrorMapper`: an HTTP error answer as the SDK
 * reports it (any error with a numeric `status` and the parsed body in `error`, as the SDK's
 * `APIError`), or an in-stream `error` event (`AnthropicStreamError`, or the event object itself).
 * Connection errors (no status) are left to the shared mapper. Overloaded (529) and server errors
 * are ProviderBizError.
 */
export function classifyAnthropicFailure(error: unknown): ClassifiedFailure | undefined {
  let upstream: unknown;
  let status: number | undefined;
  let fallback: string;
  if (error instanceof AnthropicStreamError) {
    upstream = error.event;
    fallback = error.message;
  } else if (isObject(error) && error.type === 'error' && isObject(error.error)) {
    upstream = error;
    fallback = 'Anthropic stream error';
  } else if (isObject(error) && typeof error.status === 'number' && error.status >= 100) {
    status = error.status;
    const message = typeof error.message === 'string' ? error.message : `HTTP ${status}`;
    upstream = error.error ?? { message };
    fallback = message;
  } else {
    return undefined;
  }
  const { kind, message } = describe(upstream);
  status ??= ANTHROPIC_ERROR_STATUS[kind];
  const text = message ?? fallback;
  const failure: ClassifiedFailure = {
    type: anthropicErrorType(status, kind, text),
    upstream,
    message: text,
  };
  if (status !== undefined) failure.status = status;
  return failure;
}
