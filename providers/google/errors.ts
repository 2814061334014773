import { ManifoldError } from '@manifold/core/errors/manifold-error';
import type { GoogleErrorSettings } from '@manifold/wire-google/errors';

/**
 * How Gemini API failures are classified, on top of the family's rules (SPEC §8): a key Google
 * refuses (`API_KEY_INVALID`, or a 401) is InvalidProviderAPIKey; 403 or "User location is not
 * supported for the API use." is LocationNotSupportError; 429 is QuotaLimitReached; a cancelled
 * request is ProviderBizError "Request was cancelled"; the rest ProviderBizError. Keys (`AIza…`)
 * are redacted from every body.
 */
export const errorSettings: GoogleErrorSettings = {
  invalidCredentials: 'InvalidProviderAPIKey',
};

/** The construction error of a runtime without an API key (SPEC §5). */
export function missingKeyError(provider: string): ManifoldError {
  return new ManifoldError('InvalidProviderAPIKey', {
    provider,
    message: `No API key configured for ${provider}: set GOOGLE_API_KEY or send one in the key vault`,
  });
}
