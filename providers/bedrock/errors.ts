import { classifyAnthropicFailure } from '@manifold/wire-anthropic/errors';
import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import type { ErrorType } from '@manifold/core/errors/error-types';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import {
  createUpstreamErrorMapper,
  type ClassifiedFailure,
} from '@manifold/core/errors/upstream-error';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

/**
 * An AWS service error as the SDK throws it: an HTTP error answer (`x-amzn-ErrorType` → `name`,
 * `$metadata.httpStatusCode`), or an exception frame inside the event stream (same classes, no
 * status). Modelled ones are `BedrockRuntimeServiceException` subclasses; unmodelled ones
 * (`UnrecognizedClientException`, `InvalidSignatureException`…) the base class with their name.
 */
export interface AwsServiceError extends Error {
  $fault: 'client' | 'server';
  /** Absent on exceptions from inside the event stream. */
  $metadata?: { httpStatusCode?: number; requestId?: string };
  originalStatusCode?: number;
  originalMessage?: string;
}

/** True for an error the SDK built from an AWS error answer or exception frame. */
export const isAwsServiceError = (error: unknown): error is AwsServiceError => {
  if (!(error instanceof Error)) return false;
  const { $fault, $metadata } = error as Partial<AwsServiceError>;
  // The SDK's retry step puts `$metadata` (attempts) on transport errors too: only an answer has
  // a status. An exception frame of a type the SDK does not model is a plain Error named after it.
  return (
    typeof $fault === 'string' ||
    typeof $metadata?.httpStatusCode === 'number' ||
    /^[A-Za-z]+Exception$/.test(error.name)
  );
};

/** The message of an AWS error; an unmodelled exception frame carries its JSON body as message. */
function messageOf(error: AwsServiceError): string {
  try {
    const body: unknown = JSON.parse(error.message);
    if (isObject(body) && typeof body.message === 'string') return body.message;
  } catch {
    // a plain message
  }
  return error.message || error.name;
}

/** The credentials are wrong, unknown, expired or badly signed (403 from the AWS front end). */
const CREDENTIAL_ERRORS = new Set([
  'UnrecognizedClientException',
  'InvalidSignatureException',
  'IncompleteSignatureException',
  'MissingAuthenticationTokenException',
  'InvalidClientTokenId',
  'ExpiredTokenException',
  'SignatureDoesNotMatch',
]);

/** Bedrock's words for a prompt longer than the model takes (Claude and Llama). */
const CONTEXT =
  /too long|context (window|length|limit)|maximum context|input length|exceeds? (the )?(model'?s? )?(maximum|max)/i;
const MODEL_ID =
  /model identifier is invalid|model id(entifier)? .*(not found|invalid|does not exist)/i;

/** The catalogue type of a Bedrock failure (by the AWS error name, then the message). */
export function bedrockErrorType(name: string, message: string): ErrorType {
  const base = name.replace(/Exception$/, '').toLowerCase();
  if (CREDENTIAL_ERRORS.has(name)) return 'InvalidBedrockCredentials';
  switch (base) {
    case 'accessdenied':
      return 'PermissionDenied';
    case 'resourcenotfound':
      return 'ModelNotFound';
    case 'throttling':
    case 'servicequotaexceeded':
      return 'QuotaLimitReached';
    case 'validation':
      if (CONTEXT.test(message)) return 'ExceededContextWindow';
      if (MODEL_ID.test(message)) return 'ModelNotFound';
      return 'ProviderBizError';
    default:
      return 'ProviderBizError';
  }
}

/**
 * Recognise a Bedrock failure for `createUpstreamErrorMapper`: AWS service errors (HTTP answers
 * and in-stream exceptions such as `throttlingException` or `modelStreamErrorException`), else an
 * Anthropic error (a Claude `error` event). Transport errors are left to the shared mapper.
 */
export function classifyBedrockFailure(error: unknown): ClassifiedFailure | undefined {
  if (!isAwsServiceError(error)) return classifyAnthropicFailure(error);
  const message = messageOf(error);
  const upstream: Json = { name: error.name, message };
  if (error.originalStatusCode !== undefined)
    upstream.originalStatusCode = error.originalStatusCode;
  if (error.originalMessage !== undefined) upstream.originalMessage = error.originalMessage;
  const failure: ClassifiedFailure = {
    type: bedrockErrorType(error.name, message),
    upstream,
    message,
  };
  const status = error.$metadata?.httpStatusCode;
  if (status !== undefined) failure.status = status;
  if (error.$metadata?.requestId) upstream.requestId = error.$metadata.requestId;
  return failure;
}

/** Where Bedrock errors are reported from. */
export interface BedrockErrorContext {
  provider: string;
  region: string;
  /** The endpoint called (custom or AWS's). */
  baseURL: string;
  customBaseURL?: boolean;
  /** The key id, secret and session token: redacted wherever they would appear. */
  secrets: ReadonlyArray<string | undefined>;
  logger: RuntimeLogger;
  signal?: AbortSignal;
}

/** The mapper of Bedrock failures to catalogue errors; every classified body names the region. */
export function createBedrockErrorMapper(
  context: BedrockErrorContext,
): (error: unknown) => ManifoldError {
  return createUpstreamErrorMapper(context, (error) => {
    const failure = classifyBedrockFailure(error);
    return failure && { ...failure, extra: { ...failure.extra, region: context.region } };
  });
}
