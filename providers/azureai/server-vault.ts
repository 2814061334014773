import type { KeyVault } from '@manifold/core/contract/key-vault';

/** The server's Azure AI endpoint (read at boot, without the runtime). */
export const serverVault = (env: Readonly<Record<string, string | undefined>>): KeyVault => ({
  endpoint: env.AZUREAI_ENDPOINT,
});
