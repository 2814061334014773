import type { KeyVault } from '@manifold/core/contract/key-vault';

/** The server's account id or base URL (read at boot, without the runtime). */
export function serverVault(env: Readonly<Record<string, string | undefined>>): KeyVault {
  const value = env.CLOUDFLARE_BASE_URL_OR_ACCOUNT_ID?.trim();
  return value ? { baseURLOrAccountID: value } : {};
}
