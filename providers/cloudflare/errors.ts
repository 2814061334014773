import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import type { ErrorType } from '@manifold/core/errors/error-types';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import {
  createUpstreamErrorMapper,
  type ClassifiedFailure,
} from '@manifold/core/errors/upstream-error';

/**
 * A failure Workers AI reported: an HTTP error answer (`status` set) or an error inside a 2xx answer
 * or stream. `body` is what it sent: the Cloudflare envelope `{success: false, errors: [{code,
 * message}]}`, an OpenAI-style `{error: {…}}` (vLLM-served models), or raw text.
 */
export class WorkersAIError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly body: unknown,
  ) {
    super(messageOf(body) ?? (status ? `HTTP ${status}` : 'Workers AI error'));
    this.name = 'WorkersAIError';
  }
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The error entries of a body: `errors: [...]`, or `error` as an object or a string. */
function entriesOf(body: unknown): Json[] {
  if (typeof body === 'string') return body.trim() ? [{ message: body.trim() }] : [];
  if (!isObject(body)) return [];
  const errors = Array.isArray(body.errors) ? body.errors.filter(isObject) : [];
  if (errors.length > 0) return errors;
  if (isObject(body.error)) return [body.error];
  if (typeof body.error === 'string') return [{ message: body.error }];
  return [];
}

function messageOf(body: unknown): string | undefined {
  const messages = entriesOf(body)
    .map((entry) => entry.message)
    .filter((message): message is string => typeof message === 'string' && message !== '');
  return messages.length > 0 ? messages.join('; ') : undefined;
}

/** The error a parsed chunk or JSON answer reports, or undefined (`success: false`, `errors`, `error`). */
export function errorInBody(body: unknown): WorkersAIError | undefined {
  if (!isObject(body)) return undefined;
  const failed =
    body.success === false ||
    (Array.isArray(body.errors) && body.errors.length > 0) ||
    (body.error !== undefined && body.error !== null);
  return failed ? new WorkersAIError(undefined, body) : undefined;
}

/** Workers AI error codes (developers.cloudflare.com/workers-ai/platform/errors) → catalogue types. */
const CODES: Record<string, ErrorType> = {
  '10000': 'InvalidProviderAPIKey', // Authentication error
  '10001': 'InvalidProviderAPIKey', // Unable to authenticate request
  '5007': 'ModelNotFound', // No such model ${model} or task
  '3042': 'ModelNotFound', // The model name is invalid
  '3036': 'InsufficientQuota', // daily free allocation of 10,000 neurons used up
  '4006': 'InsufficientQuota', // the same, as the binding reports it
  '3040': 'QuotaLimitReached', // out of capacity
};

/**
 * The catalogue type of a Workers AI failure: its codes first, then a free-allocation message, then
 * the status (401 invalid key, 403 permission, 404 model, 429 quota); anything else (400 included)
 * is ProviderBizError, as LobeChat does.
 */
export function classifyWorkersAI(error: WorkersAIError): ErrorType {
  const entries = entriesOf(error.body);
  for (const entry of entries) {
    const type = CODES[String(entry.code)];
    if (type !== undefined) return type;
  }
  if (/daily free allocation/i.test(error.message)) return 'InsufficientQuota';
  switch (error.status) {
    case 401:
      return 'InvalidProviderAPIKey';
    case 403:
      return 'PermissionDenied';
    case 404:
      return 'ModelNotFound';
    case 429:
      return 'QuotaLimitReached';
    default:
      return 'ProviderBizError';
  }
}

function classify(error: unknown): ClassifiedFailure | undefined {
  if (!(error instanceof WorkersAIError)) return undefined;
  return {
    type: classifyWorkersAI(error),
    upstream: typeof error.body === 'string' ? { message: error.body } : error.body,
    message: error.message,
    status: error.status,
  };
}

/** Where errors are reported from. */
export interface CloudflareErrorContext {
  provider: string;
  /** The run base; its host is masked when `custom`. */
  baseURL: string;
  custom: boolean;
  /** Redacted wherever they appear: the API token and the account id. */
  secrets: ReadonlyArray<string | undefined>;
  logger: RuntimeLogger;
  signal?: AbortSignal;
}

/** The mapper of Workers AI failures to catalogue errors (SPEC §8). */
export function createCloudflareErrorMapper(
  context: CloudflareErrorContext,
): (error: unknown) => ManifoldError {
  return createUpstreamErrorMapper(
    {
      provider: context.provider,
      baseURL: context.baseURL,
      customBaseURL: context.custom,
      secrets: context.secrets,
      logger: context.logger,
      signal: context.signal,
    },
    classify,
  );
}
