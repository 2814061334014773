import { classifyFailure, UpstreamErrorPayload } from '@manifold/wire-openai/errors';
import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import {
  createUpstreamErrorMapper,
  type ClassifiedFailure,
} from '@manifold/core/errors/upstream-error';
import { compat } from './convert-request.js';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A failure Hugging Face reported: an HTTP error answer (`status` set) or an error inside a 2xx
 * answer or stream. `body` is what it sent — `{"error": "…", "error_type"?: "…"}` (the string form
 * of the Hub and TGI), `{"error": {"message", "type", "code"}}` (OpenAI form of the providers
 * behind the router), `{"message": "…"}`, or raw text.
 */
export class HuggingFaceError extends Error {
  constructor(
    readonly status: number | undefined,
    readonly body: unknown,
  ) {
    super(errorMessage(body) ?? (status ? `HTTP ${status}` : 'Hugging Face error'));
    this.name = 'HuggingFaceError';
  }
}

function errorMessage(body: unknown): string | undefined {
  if (typeof body === 'string') return body.trim() || undefined;
  if (!isObject(body)) return undefined;
  if (typeof body.error === 'string' && body.error !== '') return body.error;
  if (isObject(body.error) && typeof body.error.message === 'string') return body.error.message;
  if (typeof body.message === 'string' && body.message !== '') return body.message;
  return undefined;
}

/** The error a parsed chunk or JSON answer carries, in either form, or undefined. */
export function errorInBody(body: unknown): HuggingFaceError | undefined {
  if (!isObject(body)) return undefined;
  const present = typeof body.error === 'string' || isObject(body.error);
  return present ? new HuggingFaceError(undefined, body) : undefined;
}

const strings = (...values: unknown[]): string[] =>
  values.filter((value): value is string => typeof value === 'string' && value !== '');

/** What a failure says about itself, for `classifyFailure`. */
function failureOf(error: unknown) {
  if (error instanceof HuggingFaceError) {
    const body = error.body;
    const inner = isObject(body) && isObject(body.error) ? body.error : {};
    const outer = isObject(body) ? body : {};
    return {
      status: error.status,
      codes: strings(inner.code, inner.type, outer.error_type),
      message: error.message,
      upstream: isObject(body) ? body : { message: error.message },
    };
  }
  if (error instanceof UpstreamErrorPayload) {
    const raw = isObject(error.error) ? error.error : {};
    return {
      status: undefined,
      codes: strings(raw.code, raw.type),
      message: error.message,
      upstream: error.error,
    };
  }
  return undefined;
}

function classify(error: unknown): ClassifiedFailure | undefined {
  const failure = failureOf(error);
  return failure && { ...failure, type: classifyFailure(failure, compat) };
}

/** Where errors are reported from. */
export interface HuggingFaceErrorContext {
  provider: string;
  baseURL: string;
  customBaseURL?: boolean;
  apiKey?: string;
  logger: RuntimeLogger;
  signal?: AbortSignal;
}

/**
 * The mapper of Hugging Face failures to catalogue errors (SPEC §8): the compat factory's rules
 * (`classifyFailure` with Hugging Face's message and status rules) over both error forms.
 */
export function createHuggingFaceErrorMapper(
  context: HuggingFaceErrorContext,
): (error: unknown) => ManifoldError {
  return createUpstreamErrorMapper(
    {
      provider: context.provider,
      baseURL: context.baseURL,
      customBaseURL: context.customBaseURL,
      secrets: [context.apiKey],
      logger: context.logger,
      signal: context.signal,
    },
    classify,
  );
}
