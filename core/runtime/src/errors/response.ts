import type { StreamError } from '../contract/stream-event.js';
import { catalogueEntry } from './catalogue.js';
import type { ErrorType } from './error-types.js';
import { isManifoldError, type ErrorBody, type ManifoldError } from './manifold-error.js';
import { sanitizeText, sanitizeUpstreamError } from './sanitize.js';
import { errorStatus } from './status.js';

/** Languages the catalogue has messages in. */
export type ErrorLocale = 'en' | 'zh';

/** The JSON body of a non-2xx answer (CONTRACT §7). */
export interface ErrorPayload {
  errorType: string | number;
  body: ErrorBody;
}

/** Placeholder text when no provider name is given. */
const PROVIDER_FALLBACK: Record<ErrorLocale, string> = { en: 'the provider', zh: '服务商' };
/** Longest message kept from an unexpected exception. */
const MAX_MESSAGE_LENGTH = 1000;

/**
 * The message of an error type in a locale, with `{{provider}}` replaced (by "the provider" when no
 * name is given). An unknown type gets the message of its status (`errorStatus`), else the 500 one.
 */
export function errorMessage(
  type: ErrorType | string | number,
  locale: ErrorLocale,
  vars: { provider?: string } = {},
): string {
  const entry = catalogueEntry(type) ?? catalogueEntry(errorStatus(type)) ?? catalogueEntry(500);
  const template = entry?.[locale] ?? '';
  const provider = vars.provider?.trim() || PROVIDER_FALLBACK[locale];
  return template.replaceAll('{{provider}}', provider);
}

/** A message safe to show from an unexpected exception: no stack, secrets masked, bounded length. */
function describeUnexpected(error: unknown): string {
  const raw =
    error instanceof Error
      ? error.message || error.name
      : typeof error === 'string'
        ? error
        : 'Unexpected error';
  const text = sanitizeText(raw || 'Unexpected error');
  return text.length > MAX_MESSAGE_LENGTH ? `${text.slice(0, MAX_MESSAGE_LENGTH)}…` : text;
}

/** The body of a ManifoldError as sent to clients: secrets removed from every field. */
function clientBody(error: ManifoldError): ErrorBody {
  const sanitized = sanitizeUpstreamError(error.body);
  return sanitized !== null && typeof sanitized === 'object' ? (sanitized as ErrorBody) : {};
}

/**
 * The HTTP answer for any thrown value: a ManifoldError keeps its type and (sanitised) body, with
 * the catalogue status; anything else becomes `AgentRuntimeError` (470) whose body holds only a
 * sanitised message, never a stack.
 */
export function toErrorResponse(error: unknown): { status: number; payload: ErrorPayload } {
  if (isManifoldError(error)) {
    return {
      status: errorStatus(error.errorType),
      payload: { errorType: error.errorType, body: clientBody(error) },
    };
  }
  const errorType = 'AgentRuntimeError';
  return {
    status: errorStatus(errorType),
    payload: { errorType, body: { message: describeUnexpected(error) } },
  };
}

/**
 * The payload of an SSE `error` event (CONTRACT §4): the type, the body's message or else the
 * catalogue's English message, and the sanitised body.
 */
export function toStreamError(error: ManifoldError): StreamError {
  const body = clientBody(error);
  const provider = typeof body.provider === 'string' ? body.provider : undefined;
  const message =
    typeof body.message === 'string' && body.message
      ? body.message
      : errorMessage(error.errorType, 'en', { provider });
  return { type: error.errorType, message, body };
}
