import { classifyFailure, UpstreamErrorPayload } from '@manifold/wire-openai/errors';
import type { OpenAICompatibleOptions } from '@manifold/wire-openai/options';
import { isSDKStatusError } from '@manifold/wire-openai/sdk';
import type { RuntimeLogger } from '@manifold/core/contract/runtime';
import type { ManifoldError } from '@manifold/core/errors/manifold-error';
import {
  createUpstreamErrorMapper,
  type ClassifiedFailure,
} from '@manifold/core/errors/upstream-error';

/**
 * Azure's error codes beyond the OpenAI ones (SPEC §8). `DeploymentNotFound` is Azure's
 * `model_not_found`: the name in the URL matches no deployment of the resource, so it is
 * ModelNotFound (404, what the upstream answered) and the body names the deployment. Azure's 429
 * means the deployment's tokens-per-minute quota is used up: QuotaLimitReached.
 */
export const AZURE_ERROR_RULES: NonNullable<OpenAICompatibleOptions['errors']> = {
  code: { DeploymentNotFound: 'ModelNotFound', content_filter: 'ProviderBizError' },
  status: { 429: 'QuotaLimitReached' },
};

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringsOf = (...values: unknown[]): string[] =>
  values.filter((value): value is string => typeof value === 'string' && value !== '');

/** What an Azure error says: status, codes (`error.code`, `innererror.code`), message, the raw error. */
function failureOf(
  error: unknown,
): { status?: number; codes: string[]; message: string; upstream: unknown } | undefined {
  if (error instanceof UpstreamErrorPayload) {
    const raw = isObject(error.error) ? error.error : {};
    const status = typeof raw.status === 'number' ? raw.status : undefined;
    return {
      status,
      codes: stringsOf(raw.code, raw.type),
      message: error.message,
      upstream: error.error,
    };
  }
  if (isSDKStatusError(error) && error.status) {
    const upstream = error.error ?? { message: error.message };
    const message = isObject(upstream) && typeof upstream.message === 'string';
    return {
      status: error.status,
      codes: stringsOf(error.code, error.type),
      message: message ? (upstream.message as string) : error.message,
      upstream,
    };
  }
  return undefined;
}

/** The content-filter verdict of a refused prompt (`innererror.content_filter_result`). */
function contentFilterResult(upstream: unknown): unknown {
  if (!isObject(upstream) || !isObject(upstream.innererror)) return undefined;
  return upstream.innererror.content_filter_result;
}

/**
 * Classify an Azure OpenAI failure: the SDK's HTTP errors and in-stream `{error}` chunks by the
 * shared OpenAI rules plus `AZURE_ERROR_RULES`; a missing deployment adds `deploymentId`, a
 * content-filter refusal adds the filter verdict as `contentFilter`.
 */
export function classifyAzureFailure(
  error: unknown,
  deployment: string | undefined,
  rules: NonNullable<OpenAICompatibleOptions['errors']> = AZURE_ERROR_RULES,
): ClassifiedFailure | undefined {
  const failure = failureOf(error);
  if (!failure) return undefined;
  const type = classifyFailure(failure, { baseURL: '', errors: rules });
  const extra: Json = {};
  if (failure.codes.includes('DeploymentNotFound') && deployment) extra.deploymentId = deployment;
  const filter = contentFilterResult(failure.upstream);
  if (failure.codes.includes('content_filter') && filter !== undefined)
    extra.contentFilter = filter;
  return { ...failure, type, extra };
}

/** Where an Azure call is made from, for its error bodies. */
export interface AzureErrorContext {
  provider: string;
  endpoint: string;
  apiKey: string;
  logger: RuntimeLogger;
  signal?: AbortSignal;
  /** The deployment the call went to (named in DeploymentNotFound bodies). */
  deployment?: string;
}

/**
 * The error mapper of one Azure call. The endpoint is always the customer's own resource, so its
 * host is always masked in error bodies; the key is redacted wherever it appears.
 */
export function createAzureErrorMapper(
  context: AzureErrorContext,
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
    (error) => classifyAzureFailure(error, context.deployment),
  );
}
