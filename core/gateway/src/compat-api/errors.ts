import type { StreamError } from '@manifold/core/contract/stream-event';
import { errorMessage, type ErrorPayload } from '@manifold/core/errors/response';
import { errorStatus } from '@manifold/core/errors/status';

/** OpenAI's error body: `{error: {message, type, param, code}}`, `code` the catalogue's type. */
export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | number };
}

/** Anthropic's error body: `{type: "error", error: {type, message}}`. */
export interface AnthropicErrorBody {
  type: 'error';
  error: { type: string; message: string };
}

/** The body's message, else the catalogue's English one (`{{provider}}` filled). */
function messageOf(payload: ErrorPayload): string {
  const { message, provider } = payload.body;
  if (typeof message === 'string' && message !== '') return message;
  return errorMessage(payload.errorType, 'en', {
    ...(typeof provider === 'string' && { provider }),
  });
}

/**
 * OpenAI's error `type` for a status: 401 `authentication_error`, 403 `permission_error`, 404
 * `not_found_error`, 429 `rate_limit_error`, 402 `insufficient_quota`, other 4xx
 * `invalid_request_error`; the upstream and runtime failures (470–472) and 5xx `api_error`.
 */
export function openAIErrorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 402) return 'insufficient_quota';
  if (status === 403) return 'permission_error';
  if (status === 404) return 'not_found_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 400 && status < 470) return 'invalid_request_error';
  return 'api_error';
}

/**
 * Anthropic's error `type` for a status (its documented HTTP errors): 400
 * `invalid_request_error`, 401 `authentication_error`, 402 `billing_error`, 403
 * `permission_error`, 404 `not_found_error`, 413 `request_too_large`, 429 `rate_limit_error`, 503
 * and 529 `overloaded_error`, 504 `timeout_error`, other 4xx `invalid_request_error`, the rest
 * `api_error`.
 */
export function anthropicErrorType(status: number): string {
  switch (status) {
    case 401:
      return 'authentication_error';
    case 402:
      return 'billing_error';
    case 403:
      return 'permission_error';
    case 404:
      return 'not_found_error';
    case 413:
      return 'request_too_large';
    case 429:
      return 'rate_limit_error';
    case 503:
    case 529:
      return 'overloaded_error';
    case 504:
      return 'timeout_error';
  }
  return status >= 400 && status < 470 ? 'invalid_request_error' : 'api_error';
}

/** A CONTRACT §7 error answer in OpenAI's shape (`param` is the field the body names). */
export function openAIError(status: number, payload: ErrorPayload): OpenAIErrorBody {
  const field = payload.body.field;
  return {
    error: {
      message: messageOf(payload),
      type: openAIErrorType(status),
      param: typeof field === 'string' ? field : null,
      code: payload.errorType,
    },
  };
}

/** A CONTRACT §7 error answer in Anthropic's shape. */
export function anthropicError(status: number, payload: ErrorPayload): AnthropicErrorBody {
  return {
    type: 'error',
    error: { type: anthropicErrorType(status), message: messageOf(payload) },
  };
}

/** The payload of a stream's `error` event as an error answer's payload, and its status. */
export function fromStreamError(error: StreamError): { status: number; payload: ErrorPayload } {
  const status = errorStatus(error.type);
  return {
    status: status >= 200 && status <= 599 ? status : 500,
    payload: { errorType: error.type, body: { ...error.body, message: error.message } },
  };
}
