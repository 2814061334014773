import type { KeyVault } from '@manifold/core/contract/key-vault';
import type { RuntimeOptions } from '@manifold/core/contract/runtime';

type Env = Readonly<Record<string, string | undefined>>;

const read = (env: Env, name: string): string | undefined => env[name]?.trim() || undefined;

/**
 * Server session tokens by the access key they belong to. The registry fills each key-vault field
 * the caller's token leaves out, so a caller's own key pair could be joined with the server's
 * session token, which AWS refuses; a session token is only sent with its own access key.
 */
const serverSessions = new Map<string, string>();

/**
 * Server-side AWS credentials (README "Environment"): the key pair and session token come together
 * from `BEDROCK_ACCESS_KEY_ID` / `BEDROCK_SECRET_ACCESS_KEY` / `BEDROCK_SESSION_TOKEN` when either
 * of the first two is set, else from the standard `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY` /
 * `AWS_SESSION_TOKEN`; the region from `BEDROCK_REGION`, `AWS_REGION` or `AWS_DEFAULT_REGION`.
 */
export function bedrockServerVault(env: Env): KeyVault {
  const own = read(env, 'BEDROCK_ACCESS_KEY_ID') ?? read(env, 'BEDROCK_SECRET_ACCESS_KEY');
  const prefix = own ? 'BEDROCK' : 'AWS';
  const vault: KeyVault = {
    accessKeyId: read(env, `${prefix}_ACCESS_KEY_ID`),
    secretAccessKey: read(env, `${prefix}_SECRET_ACCESS_KEY`),
    sessionToken: read(env, `${prefix}_SESSION_TOKEN`),
    region:
      read(env, 'BEDROCK_REGION') ?? read(env, 'AWS_REGION') ?? read(env, 'AWS_DEFAULT_REGION'),
  };
  if (vault.sessionToken && vault.accessKeyId)
    serverSessions.set(vault.sessionToken, vault.accessKeyId);
  return Object.fromEntries(Object.entries(vault).filter(([, value]) => value)) as KeyVault;
}

/** The options with a server session token dropped when the access key is not its own. */
export function pairedCredentials(options: RuntimeOptions): RuntimeOptions {
  const owner = options.sessionToken ? serverSessions.get(options.sessionToken) : undefined;
  if (owner === undefined || owner === options.accessKeyId) return options;
  const { sessionToken: _dropped, ...rest } = options;
  return rest;
}

/** The environment variables Bedrock reads beyond every provider's own (README "Environment"). */
export const BEDROCK_ENVIRONMENT: Readonly<Record<string, string>> = {
  AWS_ACCESS_KEY_ID: 'server access key id (with AWS_SECRET_ACCESS_KEY)',
  AWS_SECRET_ACCESS_KEY: 'server secret access key',
  AWS_SESSION_TOKEN: 'server session token of temporary credentials',
  AWS_REGION: 'server region (default us-east-1)',
  AWS_DEFAULT_REGION: 'server region when AWS_REGION is unset',
  BEDROCK_ACCESS_KEY_ID:
    'Bedrock-only access key id; with it the BEDROCK_ set replaces the AWS_ one',
  BEDROCK_SECRET_ACCESS_KEY: 'Bedrock-only secret access key',
  BEDROCK_SESSION_TOKEN: 'Bedrock-only session token',
  BEDROCK_REGION: 'Bedrock-only region, before AWS_REGION',
};
