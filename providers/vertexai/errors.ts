import { createPrivateKey } from 'node:crypto';
import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { ClassifiedFailure } from '@manifold/core/errors/upstream-error';
import type { GoogleErrorSettings } from '@manifold/wire-google/errors';

/** The fields of a service-account key file Manifold uses. */
export interface ServiceAccount {
  type?: string;
  project_id?: string;
  private_key: string;
  client_email: string;
  /** Where the signed JWT is exchanged for an access token (default Google's). */
  token_uri?: string;
  [field: string]: unknown;
}

/** InvalidVertexCredentials with a message naming what is wrong (never the key itself). */
export const invalidCredentials = (provider: string, message: string): ManifoldError =>
  new ManifoldError('InvalidVertexCredentials', { provider, message });

/**
 * The service account in the key vault's `apiKey` (LobeChat convention: the key file's JSON), or
 * InvalidVertexCredentials when it is missing, not JSON, lacks `client_email` / `private_key`,
 * carries a private key that does not parse, or names a `token_uri` that is not an http(s) URL.
 */
export function parseServiceAccount(text: string | undefined, provider: string): ServiceAccount {
  if (!text) throw invalidCredentials(provider, 'No service-account credentials configured');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalidCredentials(provider, 'The credentials are not a service-account JSON key file');
  }
  const account = (typeof json === 'object' && json !== null ? json : {}) as ServiceAccount;
  if (typeof account.client_email !== 'string' || typeof account.private_key !== 'string')
    throw invalidCredentials(provider, 'The service account needs client_email and private_key');
  try {
    createPrivateKey(account.private_key);
  } catch {
    throw invalidCredentials(provider, 'The private_key of the service account is not a valid key');
  }
  if (account.token_uri !== undefined && !/^https?:\/\//i.test(String(account.token_uri)))
    throw invalidCredentials(
      provider,
      'The token_uri of the service account is not an http(s) URL',
    );
  return account;
}

/**
 * A failed exchange of the service account's JWT for an access token (google-auth-library's
 * `GaxiosError` with the token endpoint's 4xx answer, e.g. `invalid_grant`): the credentials are
 * refused, InvalidVertexCredentials.
 */
export function tokenFailure(error: unknown): ClassifiedFailure | undefined {
  // gaxios leaves `name` as "Error": its class is what tells.
  const gaxios =
    error instanceof Error && [error.name, error.constructor?.name].includes('GaxiosError');
  if (!gaxios) return undefined;
  const response = (error as { response?: { status?: number; data?: unknown } }).response;
  const status = response?.status;
  if (status === undefined || status < 400 || status >= 500) return undefined;
  const data = response?.data as { error?: unknown; error_description?: unknown } | undefined;
  const reason =
    typeof data?.error_description === 'string' ? data.error_description : error.message;
  return {
    type: 'InvalidVertexCredentials',
    upstream: data ?? { message: error.message },
    message: `The service account could not get an access token: ${reason}`,
    status,
  };
}

/**
 * How Vertex AI failures are classified, on top of the family's rules (SPEC §8): refused
 * credentials (a 401, a failed token exchange) are InvalidVertexCredentials; 403 or a location
 * message LocationNotSupportError; 429 QuotaLimitReached; the rest ProviderBizError.
 */
export const errorSettings: GoogleErrorSettings = {
  invalidCredentials: 'InvalidVertexCredentials',
  classify: tokenFailure,
};
