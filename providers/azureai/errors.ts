import { classifyFailure, UpstreamErrorPayload } from '@manifold/wire-openai/errors';
import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import {
  createUpstreamErrorMapper,
  type ClassifiedFailure,
} from '@manifold/core/errors/upstream-error';

/**
 * Azure AI's error codes beyond the OpenAI ones (SPEC §8): an unknown model name or a missing
 * deployment is ModelNotFound (the body names the deployment), a content-filter refusal a
 * ProviderBizError with the verdict, and a 429 (the deployment's rate quota) QuotaLimitReached.
 */
export const AZURE_AI_ERROR_RULES: NonNullable<OpenAICompatibleOptions['errors']> = {
  code: {
    unknown_model: 'ModelNotFound',
    DeploymentNotFound: 'ModelNotFound',
    content_filter: 'ProviderBizError',
  },
  status: { 429: 'QuotaLimitReached' },
};

const MODEL_NOT_FOUND_CODES = ['unknown_model', 'DeploymentNotFound'];

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringsOf = (...values: unknown[]): string[] =>
  values.filter((value): value is string => typeof value === 'string' && value !== '');

/** A non-2xx answer of the inference endpoint, its body parsed when it is JSON. */
export class AzureAIHTTPError extends Error {
  readonly status: number;
  /** The `error` object of a JSON body, else the body text. */
  readonly error: unknown;

  constructor(status: number, text: string) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    const body = text.trim().slice(0, 1000);
    const error = isObject(parsed) && isObject(parsed.error) ? parsed.error : (parsed ?? body);
    const message = isObject(error) && typeof error.message === 'string' ? error.message : body;
    super(message || `Azure AI answered HTTP ${status}`);
    this.name = 'AzureAIHTTPError';
    this.status = status;
    this.error = error === '' ? undefined : error;
  }
}

/** Read a refused answer into an `AzureAIHTTPError` (any body, JSON or not). */
export async function httpError(response: Response): Promise<AzureAIHTTPError> {
  const text = await response.text().catch(() => '');
  return new AzureAIHTTPError(response.status, text);
}

/**
 * Classify an Azure AI failure: HTTP errors and in-stream `{error}` chunks by the shared OpenAI
 * rules plus `AZURE_AI_ERROR_RULES`; an unknown model adds `deploymentId`, a content-filter
 * refusal the verdict as `contentFilter`.
 */
export function classifyAzureAIFailure(
  error: unknown,
  deployment: string | undefined,
): ClassifiedFailure | undefined {
  if (!(error instanceof AzureAIHTTPError) && !(error instanceof UpstreamErrorPayload)) {
    return undefined;
  }
  const raw = isObject(error.error) ? error.error : {};
  const status =
    error instanceof AzureAIHTTPError
      ? error.status
      : typeof raw.status === 'number'
        ? raw.status
        : undefined;
  const failure = { status, codes: stringsOf(raw.code, raw.type), message: error.message };
  const type = classifyFailure(failure, { baseURL: '', errors: AZURE_AI_ERROR_RULES });
  const extra: Json = {};
  if (deployment && failure.codes.some((code) => MODEL_NOT_FOUND_CODES.includes(code))) {
    extra.deploymentId = deployment;
  }
  const inner = isObject(raw.innererror) ? raw.innererror.content_filter_result : undefined;
  if (failure.codes.includes('content_filter') && inner !== undefined) extra.contentFilter = inner;
  return { ...failure, type, upstream: error.error, extra };
}

/** Where an Azure AI call is made from, for its error bodies. */
export interface AzureAIErrorContext {
  provider: string;
  endpoint: string;
  apiKey: string;
  logger: RuntimeLogger;
  signal?: AbortSignal;
  /** The deployment (model name) the call went to. */
  deployment?: string;
}

/**
 * The error mapper of one Azure AI call. The endpoint is always the customer's own resource, so
 * its host is always masked in error bodies; the key is redacted wherever it appears.
 */
export function createAzureAIErrorMapper(
  context: AzureAIErrorContext,
): (error: unknown) => ManifoldError {
  return createUpstreamErrorMapper(
    {
      provider: context.provider,
      baseURL: context.endpoint,
      customBaseURL: true,
      secrets: [context.apiKey],
      logger: context.logger,
      signal: context.signal,
    },
    (error) => classifyAzureAIFailure(error, context.deployment),
  );
}
