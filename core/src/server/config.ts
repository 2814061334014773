import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

/** Gateway configuration (CONTRACT §1), read once at boot. */
export interface GatewayConfig {
  host: string;
  port: number;
  /** Access codes; empty = no access code required. */
  accessCodes: readonly string[];
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
  /** Folder of the built web app, served at `/` when it exists. */
  webRoot: string | undefined;
  /** The environment (process env over `.env`), for provider-specific variables. */
  env: Readonly<Record<string, string | undefined>>;
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

/** Validate the environment into a config; throws `ConfigError` on the first bad variable. */
export function loadConfig(
  env: Record<string, string | undefined>,
  options: { webRoot?: string } = {},
): GatewayConfig {
  const flag = (name: string, fallback: boolean): boolean => {
    const value = oneOf(env, name, ['0', '1', 'true', 'false'], fallback ? '1' : '0');
    return value === '1' || value === 'true';
  };
  return {
    host: env.HOST?.trim() || '127.0.0.1',
    port: integer(env, 'PORT', 3210, 0, 65535),
    accessCodes: list(env.ACCESS_CODE),
    plugins: list(env.MANIFOLD_PLUGINS),
    bodyLimit: integer(env, 'BODY_LIMIT', 20 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    baseURLPolicy: oneOf(env, 'BASE_URL_POLICY', ['any', 'public'] as const, 'any'),
    logLevel: oneOf(env, 'LOG_LEVEL', LOG_LEVELS, 'info'),
    allowUnsignedTokens: flag('AUTH_ALLOW_UNSIGNED', true),
    apiKeySelectMode: oneOf(env, 'API_KEY_SELECT_MODE', ['random', 'turn'] as const, 'random'),
    pingIntervalSeconds: integer(env, 'SSE_PING_SECONDS', 15, 1, 3600),
    sseWriter: oneOf(env, 'SSE_WRITER', ['raw', 'plugin'] as const, 'raw'),
    webRoot: options.webRoot,
    env,
  };
}
