import type { RuntimeOptions } from '@manifold/core/contract/runtime';
import { ManifoldError } from '@manifold/core/errors/manifold-error';

/** The Cloudflare REST API base (`CLOUDFLARE_PROXY_URL` replaces it). */
export const CLOUDFLARE_API_BASE = 'https://api.cloudflare.com/client/v4';

/** Where one runtime sends its calls. */
export interface WorkersAITarget {
  /** The URL a model id is appended to: `…/accounts/{id}/ai/run` or a custom base URL. */
  runBase: string;
  /** The REST API base the account's model list is read from. */
  apiBase: string;
  /** The account id, given or found in a custom URL (a 32-hex path segment). */
  accountId?: string;
  /** The run URL came from a user or env override: its host is masked in error bodies. */
  custom: boolean;
  /** `Authorization` header value, absent for a custom URL without a key. */
  authorization?: string;
}

const ACCOUNT_ID = /^[\w-]{1,64}$/;
const ACCOUNT_IN_URL = /\/([\da-f]{32})(?=\/|$)/i;
/** Path segments of a model id: `@cf/meta/llama-3.3-70b-instruct-fp8-fast`, `@hf/…`, fine-tunes. */
const MODEL_SEGMENT = /^[\w@+:.-]+$/;

const invalidKey = (provider: string, message: string) =>
  new ManifoldError('InvalidProviderAPIKey', { provider, message });

const trimSlash = (url: string) => url.trim().replace(/\/+$/, '');

/**
 * Resolve `baseURLOrAccountID` (SPEC §5: an account id, or a full base URL such as an AI Gateway
 * `https://gateway.ai.cloudflare.com/v1/{account}/{gateway}/workers-ai`). Neither given, an account
 * id without an API key, or an account id that is not a plain identifier → InvalidProviderAPIKey.
 * A URL works without a key (a proxy may add its own auth).
 */
export function resolveTarget(options: RuntimeOptions): WorkersAITarget {
  const provider = options.providerId;
  const given = options.baseURLOrAccountID?.trim();
  const apiBase = trimSlash(options.baseURL || CLOUDFLARE_API_BASE);
  const authorization = options.apiKey ? `Bearer ${options.apiKey}` : undefined;
  if (!given) {
    throw invalidKey(provider, 'Cloudflare needs an account ID or a base URL (baseURLOrAccountID)');
  }
  if (/^https?:\/\//i.test(given)) {
    const runBase = trimSlash(given);
    const accountId = ACCOUNT_IN_URL.exec(new URL(runBase).pathname)?.[1];
    return { runBase, apiBase, accountId, custom: true, authorization };
  }
  if (!ACCOUNT_ID.test(given)) {
    throw invalidKey(provider, 'baseURLOrAccountID is neither an account ID nor an http(s) URL');
  }
  if (!options.apiKey) {
    throw invalidKey(provider, 'Cloudflare needs an API token together with the account ID');
  }
  return {
    runBase: `${apiBase}/accounts/${given}/ai/run`,
    apiBase,
    accountId: given,
    custom: options.customBaseURL === true,
    authorization,
  };
}

/**
 * The run URL of a model. The id goes into the path unencoded (Cloudflare expects `@cf/…` as is),
 * so ids that could leave the run path (`..`, query, fragment, backslash, spaces) are refused with
 * BadRequest: a server key must not reach other Cloudflare API routes.
 */
export function runURL(target: WorkersAITarget, model: string, provider: string): string {
  const segments = model.split('/');
  const valid = segments.every(
    (segment) => MODEL_SEGMENT.test(segment) && segment !== '.' && segment !== '..',
  );
  if (!valid) {
    throw new ManifoldError('BadRequest', {
      provider,
      message: `"${model.slice(0, 100)}" is not a Workers AI model id`,
      field: 'model',
    });
  }
  return `${target.runBase}/${model}`;
}
