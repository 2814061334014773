import type { KeyVault } from '@manifold/core/contract/key-vault';

/**
 * Server-side Vertex settings beyond `VERTEXAI_API_KEY` (whose comma splitting would break a JSON
 * key): `VERTEXAI_CREDENTIALS` (the service-account JSON) and `VERTEXAI_LOCATION`.
 */
export function serverVault(env: Readonly<Record<string, string | undefined>>): KeyVault {
  const vault: KeyVault = {};
  if (env.VERTEXAI_CREDENTIALS) vault.apiKey = env.VERTEXAI_CREDENTIALS;
  if (env.VERTEXAI_LOCATION) vault.region = env.VERTEXAI_LOCATION;
  return vault;
}
