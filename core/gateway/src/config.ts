import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { DEFAULT_UPSTREAM_LIMITS, type UpstreamLimits } from '@manifold/core/protocol/limits';
import { parseMcpServers, type McpServersConfig } from './tools/mcp/config.js';
import { parsePluginSettings, type PluginSettings } from './tools/plugin-settings.js';
import { readCreditsConfig, type CreditsConfig } from './credits/config.js';
import { parseFallbacks, type FallbackTable } from './resilience/targets.js';
import { parseTracing, type TracingConfig } from './tracing/tracing-config.js';

/** Gateway configuration (CONTRACT §1), read once at boot. */
export interface GatewayConfig {
  host: string;
  port: number;
  /** Access codes; empty = no access code required. */
  accessCodes: readonly string[];
  /**
   * Operator keys of the `/v1/*` APIs (`MANIFOLD_API_KEYS`), sent as `Authorization: Bearer <key>`;
   * empty = only keys another verifier knows (personal keys) are accepted.
   */
  apiKeys: readonly string[];
  /** Extra provider plugin packages or paths. */
  plugins: readonly string[];
  /** Largest request body in bytes. */
  bodyLimit: number;
  /** `public` refuses user-supplied URLs that resolve to private addresses. */
  baseURLPolicy: 'any' | 'public';
  logLevel: string;
  /** Accept `nosafe.` unsigned tokens. */
  allowUnsignedTokens: boolean;
  /** How a key is picked among comma-separated server keys. */
  apiKeySelectMode: 'random' | 'turn';
  /** Seconds between `: ping` comments on an idle stream. */
  pingIntervalSeconds: number;
  /** How streams are written: straight to the socket (`raw`, default) or through `@fastify/sse`. */
  sseWriter: 'raw' | 'plugin';
  /** Size limits and timeouts of upstream calls (`UPSTREAM_*`). */
  upstream: UpstreamLimits;
  /** Longest a client may take to send a whole request, headers and body, in ms (0: no limit). */
  requestTimeoutMs: number;
  /** A client connection with no traffic either way for this long is closed, in ms (0: never). */
  connectionTimeoutMs: number;
  /** How long an idle keep-alive client connection is kept open, in ms. */
  keepAliveTimeoutMs: number;
  /** Most client connections open at once; more are refused (0: no limit). */
  maxConnections: number;
  /** Plugin manifests offered as tools (`PLUGIN_MANIFESTS`: URLs or paths). */
  pluginManifests: readonly string[];
  /** Server defaults of tool settings (`PLUGIN_SETTINGS`). */
  pluginSettings: PluginSettings;
  /** The operator's MCP servers (`MCP_SERVERS`). */
  mcpServers: McpServersConfig;
  /** Longest a plugin or built-in tool call may take, in ms (CONTRACT §8: 30 s). */
  pluginTimeoutMs: number;
  /** Longest an MCP tool call may take, in ms (CONTRACT §8: 60 s). */
  mcpTimeoutMs: number;
  /** Retries of an upstream refusal (429, 5xx, connection failure) before the next fallback. */
  retryMax: number;
  /** `FALLBACKS`: models tried, in order, when a model fails (CONTRACT §10). */
  fallbacks: FallbackTable;
  /** Bearer token of `GET /metrics`; unset: the metrics answer loopback clients only. */
  metricsToken: string | undefined;
  /** OpenTelemetry export of traced chats; undefined: no tracing (nothing loaded). */
  tracing: TracingConfig | undefined;
  /** Folder of the built web app, served at `/` when it exists. */
  webRoot: string | undefined;
  /** Accounts (CONTRACT §9): `off` (no database at all), `on` (signed-out use works) or `required`. */
  accounts: 'off' | 'on' | 'required';
  /** `cloud` implies `accounts: 'required'` (and metering, next). */
  edition: 'self-hosted' | 'cloud';
  /** Where a person's data lives, when accounts are on. */
  database: DatabaseConfig;
  /** Sign-in settings; set when accounts are on. */
  auth: AuthConfig | undefined;
  /** Encrypts the provider keys people store on the server (AES-256-GCM); unset: none are stored. */
  keyVaultsSecret: string | undefined;
  /** Metering, plans and Stripe: the cloud edition's only. */
  credits: CreditsConfig | undefined;
  /** The deployment's documentation, where the support assistant points (`DOCS_URL`). */
  docsUrl: string | undefined;
  /** `REDIS_URL`: shared state of several instances (CONTRACT §11); unset: each process keeps its own. */
  redisUrl: string | undefined;
  /** Seconds a chat stream's events stay resumable after it ended (`STREAM_RESUME_SECONDS`). */
  streamResumeSeconds: number;
  /** MiB of finished streams one process keeps in memory at most (`STREAM_RESUME_MEMORY_MB`). */
  streamResumeMemoryMb: number;
  /** Requests per minute per user, API key or address (`RATE_LIMIT_RPM`; 0: no limit). */
  rateLimitRpm: number;
  /** Tokens per minute per user, from reported usage (`RATE_LIMIT_TPM`; 0: no limit). */
  rateLimitTpm: number;
  /** Gateway processes on one port (`WORKERS`); more than 1 needs `redisUrl`. */
  workers: number;
  /** The environment (process env over `.env`), for provider-specific variables. */
  env: Readonly<Record<string, string | undefined>>;
}

/** `DATABASE_URL` (PostgreSQL) or, unset, the embedded PGlite in `DATA_DIR`. */
export interface DatabaseConfig {
  url: string | undefined;
  dataDir: string;
}

/** An OAuth application's credentials. */
export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

/** Accounts' sign-in settings (better-auth). */
export interface AuthConfig {
  /** Signs session cookies and encrypts OAuth tokens (`AUTH_SECRET`). */
  secret: string;
  /** The public origin people reach the gateway at (OAuth redirects); unset: each request's own. */
  url: string | undefined;
  github: OAuthClient | undefined;
  google: OAuthClient | undefined;
  /** Any OpenID Connect issuer (Keycloak, Authentik, Auth0, Okta, …). */
  oidc: (OAuthClient & { issuer: string; name: string }) | undefined;
}

/** A configuration error: one readable line naming the variable and what is wrong. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

const GIB = 1024 * 1024 * 1024;
const DAY = 86_400_000;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Read `.env` from a folder (missing file = nothing); process env wins over it. */
export function readEnvironment(
  processEnv: Record<string, string | undefined>,
  cwd = process.cwd(),
): Record<string, string | undefined> {
  let fromFile: Record<string, string> = {};
  try {
    fromFile = parseEnv(readFileSync(resolve(cwd, '.env'), 'utf8')) as Record<string, string>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new ConfigError('.env', `cannot be read: ${(error as Error).message}`);
    }
  }
  return { ...fromFile, ...processEnv };
}

const list = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

function integer(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function oneOf<T extends string>(
  env: Record<string, string | undefined>,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!allowed.includes(raw as T)) {
    throw new ConfigError(name, `must be one of ${allowed.join(', ')}, got "${raw}"`);
  }
  return raw as T;
}

/** A secret of at least 32 characters, or undefined when unset. */
function secret(name: string, value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (text.length < 32) throw new ConfigError(name, `must be at least 32 characters long`);
  return text;
}

/** An http(s) URL, or undefined when unset. */
function httpURL(name: string, value: string | undefined): string | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(name, `must be an http(s) URL, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError(name, `must be an http(s) URL, got "${text}"`);
  return text.replace(/\/+$/, '');
}

/** Both halves of an OAuth application (`<prefix>_ID`, `<prefix>_SECRET`), or neither. */
function oauthClient(
  prefix: string,
  id: string | undefined,
  clientSecret: string | undefined,
): OAuthClient | undefined {
  const clientId = id?.trim();
  const secretText = clientSecret?.trim();
  if (!clientId && !secretText) return undefined;
  if (!clientId) throw new ConfigError(`${prefix}_ID`, `is required with ${prefix}_SECRET`);
  if (!secretText) throw new ConfigError(`${prefix}_SECRET`, `is required with ${prefix}_ID`);
  return { clientId, clientSecret: secretText };
}

/** `ACCOUNTS`, `EDITION`, the database and the sign-in settings (CONTRACT §9). */
function readAccounts(env: Record<string, string | undefined>) {
  const edition = oneOf(env, 'EDITION', ['self-hosted', 'cloud'] as const, 'self-hosted');
  const accounts = oneOf(
    env,
    'ACCOUNTS',
    ['off', 'on', 'required'] as const,
    edition === 'cloud' ? 'required' : 'off',
  );
  if (edition === 'cloud' && accounts !== 'required')
    throw new ConfigError('ACCOUNTS', `must be required when EDITION=cloud, got "${accounts}"`);
  const url = env.DATABASE_URL?.trim() || undefined;
  // the URL holds a password: never repeat it
  if (url && !/^postgres(ql)?:\/\/./.test(url))
    throw new ConfigError('DATABASE_URL', 'must be a postgres:// or postgresql:// URL');
  const database = { url, dataDir: env.DATA_DIR?.trim() || './data' };
  const keyVaultsSecret = secret('KEY_VAULTS_SECRET', env.KEY_VAULTS_SECRET);
  if (accounts === 'off') return { edition, accounts, database, auth: undefined, keyVaultsSecret };

  const authSecret = secret('AUTH_SECRET', env.AUTH_SECRET);
  if (!authSecret)
    throw new ConfigError(
      'AUTH_SECRET',
      `is required when ACCOUNTS is ${accounts} (at least 32 random characters, e.g. from \`openssl rand -base64 32\`)`,
    );
  const oidcClient = oauthClient('AUTH_OIDC', env.AUTH_OIDC_ID, env.AUTH_OIDC_SECRET);
  const issuer = httpURL('AUTH_OIDC_ISSUER', env.AUTH_OIDC_ISSUER);
  if (oidcClient && !issuer)
    throw new ConfigError('AUTH_OIDC_ISSUER', 'is required with AUTH_OIDC_ID');
  if (issuer && !oidcClient)
    throw new ConfigError('AUTH_OIDC_ID', 'is required with AUTH_OIDC_ISSUER');
  const auth: AuthConfig = {
    secret: authSecret,
    url: httpURL('AUTH_URL', env.AUTH_URL),
    github: oauthClient('AUTH_GITHUB', env.AUTH_GITHUB_ID, env.AUTH_GITHUB_SECRET),
    google: oauthClient('AUTH_GOOGLE', env.AUTH_GOOGLE_ID, env.AUTH_GOOGLE_SECRET),
    oidc:
      oidcClient && issuer
        ? { ...oidcClient, issuer, name: env.AUTH_OIDC_NAME?.trim() || 'OpenID Connect' }
        : undefined,
  };
  return { edition, accounts, database, auth, keyVaultsSecret };
}

/** Comma-separated keys; one with whitespace or a control character could never arrive in a header. */
function keyList(value: string | undefined, name: string): string[] {
  const keys = list(value);
  const bad = keys.findIndex((key) =>
    [...key].some(
      (character) =>
        /\s/.test(character) || character.charCodeAt(0) < 0x20 || character === '\u007f',
    ),
  );
  if (bad !== -1)
    throw new ConfigError(name, `key ${bad + 1} contains whitespace or a control character`);
  return keys;
}

/** `REDIS_URL`, `WORKERS`, the rate limits and stream resumption (CONTRACT §11). */
function readScaling(env: Record<string, string | undefined>) {
  const redisUrl = env.REDIS_URL?.trim() || undefined;
  // the URL may hold a password: never repeat it
  if (redisUrl && !/^rediss?:\/\/./.test(redisUrl))
    throw new ConfigError('REDIS_URL', 'must be a redis:// or rediss:// URL');
  const workers = integer(env, 'WORKERS', 1, 1, 256);
  if (workers > 1 && !redisUrl)
    throw new ConfigError(
      'WORKERS',
      `is ${workers}: more than one process needs REDIS_URL to share rate limits, key rotation and streams`,
    );
  return {
    redisUrl,
    workers,
    streamResumeSeconds: integer(env, 'STREAM_RESUME_SECONDS', 600, 1, 7 * 86_400),
    streamResumeMemoryMb: integer(env, 'STREAM_RESUME_MEMORY_MB', 64, 1, 1_048_576),
    rateLimitRpm: integer(env, 'RATE_LIMIT_RPM', 0, 0, 10_000_000),
    rateLimitTpm: integer(env, 'RATE_LIMIT_TPM', 0, 0, 1_000_000_000),
  };
}

/** Validate the environment into a config; throws `ConfigError` on the first bad variable. */
export function loadConfig(
  env: Record<string, string | undefined>,
  options: { webRoot?: string } = {},
): GatewayConfig {
  const flag = (name: string, fallback: boolean): boolean => {
    const value = oneOf(env, name, ['0', '1', 'true', 'false'], fallback ? '1' : '0');
    return value === '1' || value === 'true';
  };
  const defaults = DEFAULT_UPSTREAM_LIMITS;
  const upstream: UpstreamLimits = {
    maxLineBytes: integer(env, 'UPSTREAM_MAX_LINE_BYTES', defaults.maxLineBytes, 1024, GIB),
    maxBodyBytes: integer(env, 'UPSTREAM_MAX_BODY_BYTES', defaults.maxBodyBytes, 1024, GIB),
    connectTimeoutMs: integer(
      env,
      'UPSTREAM_CONNECT_TIMEOUT_MS',
      defaults.connectTimeoutMs,
      1,
      DAY,
    ),
    firstByteTimeoutMs: integer(
      env,
      'UPSTREAM_FIRST_BYTE_TIMEOUT_MS',
      defaults.firstByteTimeoutMs,
      1,
      DAY,
    ),
    idleTimeoutMs: integer(env, 'UPSTREAM_IDLE_TIMEOUT_MS', defaults.idleTimeoutMs, 1, DAY),
    totalTimeoutMs: integer(env, 'UPSTREAM_TOTAL_TIMEOUT_MS', defaults.totalTimeoutMs, 0, DAY),
  };
  const connectionTimeoutMs = integer(env, 'CONNECTION_TIMEOUT_MS', 600_000, 0, DAY);
  // A client waits without traffic until the upstream's headers came: it must not be cut first.
  if (connectionTimeoutMs > 0 && connectionTimeoutMs <= upstream.firstByteTimeoutMs) {
    throw new ConfigError(
      'CONNECTION_TIMEOUT_MS',
      `must be 0 or larger than UPSTREAM_FIRST_BYTE_TIMEOUT_MS (${upstream.firstByteTimeoutMs}), got ${connectionTimeoutMs}`,
    );
  }
  const accounts = readAccounts(env);
  const scaling = readScaling(env);
  // the embedded database is locked to one process
  if (scaling.workers > 1 && accounts.accounts !== 'off' && !accounts.database.url)
    throw new ConfigError(
      'WORKERS',
      `is ${scaling.workers}: with accounts, more than one process needs DATABASE_URL (PostgreSQL)`,
    );
  return {
    host: env.HOST?.trim() || '127.0.0.1',
    port: integer(env, 'PORT', 3210, 0, 65535),
    accessCodes: list(env.ACCESS_CODE),
    apiKeys: keyList(env.MANIFOLD_API_KEYS, 'MANIFOLD_API_KEYS'),
    plugins: list(env.MANIFOLD_PLUGINS),
    bodyLimit: integer(env, 'BODY_LIMIT', 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    baseURLPolicy: oneOf(env, 'BASE_URL_POLICY', ['any', 'public'] as const, 'any'),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    allowUnsignedTokens: flag('AUTH_ALLOW_UNSIGNED', true),
    apiKeySelectMode: oneOf(env, 'API_KEY_SELECT_MODE', ['random', 'turn'] as const, 'random'),
    pingIntervalSeconds: integer(env, 'SSE_PING_SECONDS', 15, 1, 3600),
    sseWriter: oneOf(env, 'SSE_WRITER', ['raw', 'plugin'] as const, 'raw'),
    upstream,
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 120_000, 0, DAY),
    connectionTimeoutMs,
    keepAliveTimeoutMs: integer(env, 'KEEP_ALIVE_TIMEOUT_MS', 72_000, 1, DAY),
    maxConnections: integer(env, 'MAX_CONNECTIONS', 4096, 0, 1_000_000),
    pluginManifests: list(env.PLUGIN_MANIFESTS),
    pluginSettings: parsePluginSettings(env.PLUGIN_SETTINGS),
    mcpServers: parseMcpServers(env.MCP_SERVERS),
    pluginTimeoutMs: integer(env, 'PLUGIN_TIMEOUT_MS', 30_000, 1, DAY),
    mcpTimeoutMs: integer(env, 'MCP_TIMEOUT_MS', 60_000, 1, DAY),
    ...accounts,
    credits: env.EDITION?.trim() === 'cloud' ? readCreditsConfig(env) : undefined,
    retryMax: integer(env, 'RETRY_MAX', 2, 0, 10),
    fallbacks: parseFallbacks(env.FALLBACKS),
    metricsToken: env.METRICS_TOKEN?.trim() || undefined,
    tracing: parseTracing(env),
    docsUrl: httpURL('DOCS_URL', env.DOCS_URL),
    ...scaling,
    webRoot: options.webRoot,
    env,
  };
}
