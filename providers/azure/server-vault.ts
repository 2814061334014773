import type { KeyVault } from '@manifold/core/contract/key-vault';

/** The server's Azure endpoint and API version (read at boot, without the runtime). */
export const serverVault = (env: Readonly<Record<string, string | undefined>>): KeyVault => ({
  endpoint: env.AZURE_ENDPOINT,
  apiVersion: env.AZURE_API_VERSION,
});
