import type { ErrorType } from '@manifold/core/errors/error-types';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import {
  createUpstreamErrorMapper,
  isAbort,
  type ClassifiedFailure,
  type FailureClassifier,
  type UpstreamErrorContext,
} from '@manifold/core/errors/upstream-error';
import type { GoogleErrorObject, GoogleResponse } from './types.js';

/** The message of a request the caller cancelled (SPEC §8). */
export const REQUEST_CANCELLED_MESSAGE = 'Request was cancelled';

/** An `{"error": {...}}` chunk inside a 200 stream. */
export class GoogleStreamError extends Error {
  constructor(readonly error: GoogleErrorObject) {
    super(error.message ?? 'Google reported an error in the stream');
    this.name = 'GoogleStreamError';
  }
}

/** What differs between the family's providers when failures are classified. */
export interface GoogleErrorSettings {
  /** The type of refused credentials: an invalid API key, a 401. */
  invalidCredentials: ErrorType;
  /** The provider's own recogniser, asked first (Vertex: a failed OAuth token exchange). */
  classify?: FailureClassifier;
}

/** Human-readable text of a prompt block reason. */
const BLOCK_REASONS: Record<string, string> = {
  BLOCKLIST: 'The content includes blocked terms. Please rephrase and try again.',
  IMAGE_SAFETY:
    'The generated image was blocked for safety reasons. Please try modifying your request.',
  LANGUAGE: "The requested language isn't supported. Please try again in a supported language.",
  OTHER: 'The content was blocked for an unknown reason. Please rephrase and try again.',
  PROHIBITED_CONTENT: 'The content may contain prohibited content. Please adjust it and try again.',
  SAFETY: 'The content was blocked for safety reasons. Please adjust it and try again.',
};

/**
 * The error of a prompt Google refused to answer (`promptFeedback.blockReason`): ProviderBizError
 * whose message names the reason, with the feedback as `context`.
 */
export function blockedPromptError(
  feedback: NonNullable<GoogleResponse['promptFeedback']>,
  provider: string,
): ManifoldError {
  const reason = feedback.blockReason ?? 'OTHER';
  const message =
    BLOCK_REASONS[reason] ?? `The content was blocked (${reason}). Please adjust it and try again.`;
  return new ManifoldError('ProviderBizError', {
    message: `${message} (blockReason: ${reason})`,
    context: { promptFeedback: feedback },
    provider,
  });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * The Google error object of a failure: an in-stream error chunk, or the SDK's `ApiError` for an
 * HTTP error answer (its message is the JSON body, or `{error: {message: <text>}}` for a text body).
 */
function errorObjectOf(error: unknown): { status?: number; object: GoogleErrorObject } | undefined {
  if (error instanceof GoogleStreamError) return { status: error.error.code, object: error.error };
  if (!(error instanceof Error) || error.name !== 'ApiError') return undefined;
  const status = (error as { status?: unknown }).status;
  if (typeof status !== 'number') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(error.message);
  } catch {
    parsed = undefined;
  }
  const object = isObject(parsed) && isObject(parsed.error) ? parsed.error : parsed;
  return isObject(object)
    ? { status, object: object as GoogleErrorObject }
    : { status, object: { code: status, message: error.message } };
}

/**
 * The catalogue type of a Google error (SPEC §8): `API_KEY_INVALID` → the invalid-credentials type;
 * 403 or "location is not supported" → LocationNotSupportError; 401 → invalid credentials;
 * 429 → QuotaLimitReached; anything else ProviderBizError.
 */
export function classifyGoogleError(
  status: number | undefined,
  object: GoogleErrorObject,
  settings: GoogleErrorSettings,
): ErrorType {
  const message = typeof object.message === 'string' ? object.message : '';
  const reasons = (Array.isArray(object.details) ? object.details : []).map((detail) =>
    isObject(detail) ? detail.reason : undefined,
  );
  if (reasons.includes('API_KEY_INVALID') || /API key not valid/i.test(message))
    return settings.invalidCredentials;
  if (status === 403 || /location is not supported/i.test(message))
    return 'LocationNotSupportError';
  if (status === 401) return settings.invalidCredentials;
  if (status === 429) return 'QuotaLimitReached';
  return 'ProviderBizError';
}

/**
 * The mapper of the family's upstream failures to catalogue errors: the provider's own recogniser,
 * then a cancelled request ("Request was cancelled"), then Google's error objects; connection
 * failures as the shared mapper reports them. Bodies are sanitised and the secrets redacted there.
 */
export function createGoogleErrorMapper(
  context: UpstreamErrorContext,
  settings: GoogleErrorSettings,
): (error: unknown) => ManifoldError {
  const classify: FailureClassifier = (error): ClassifiedFailure | undefined => {
    const own = settings.classify?.(error);
    if (own) return own;
    if (isAbort(error, context.signal)) {
      return {
        type: 'ProviderBizError',
        upstream: { message: REQUEST_CANCELLED_MESSAGE },
        message: REQUEST_CANCELLED_MESSAGE,
        extra: { reason: 'cancelled' },
      };
    }
    const failure = errorObjectOf(error);
    if (!failure) return undefined;
    const message =
      typeof failure.object.message === 'string' && failure.object.message !== ''
        ? failure.object.message
        : `Google answered with HTTP ${failure.status ?? 'error'}`;
    return {
      type: classifyGoogleError(failure.status, failure.object, settings),
      upstream: failure.object,
      message,
      status: failure.status,
    };
  };
  return createUpstreamErrorMapper(context, classify);
}
