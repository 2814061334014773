import type { Test } from 'tap';
import { startGateway } from './gateway.js';
import { NO_PROVIDERS } from './paths.js';
import { migratedDataDir } from './pglite.js';
import type { PostgresCluster } from './postgres.js';

/** An AUTH_SECRET for tests (32+ characters). */
export const TEST_AUTH_SECRET = 'test-secret-0123456789-abcdefghijklmnop';

/**
 * A gateway with accounts: on a fresh database of the cluster, or (without one) on PGlite in a
 * fresh DATA_DIR (a copy of the migrated template), removed at teardown.
 */
export async function startAccountsGateway(
  t: Test,
  options: {
    cluster?: PostgresCluster | undefined;
    env?: Record<string, string>;
    /** Load the real provider plugins (default: none, for speed). */
    providers?: boolean;
  } = {},
) {
  let database: Record<string, string>;
  if (options.cluster) database = { DATABASE_URL: await options.cluster.createDatabase() };
  // its removal is registered first, so it runs after the gateway (and its database) closed
  else database = { DATA_DIR: await migratedDataDir(t) };
  return startGateway(
    t,
    { ACCOUNTS: 'on', AUTH_SECRET: TEST_AUTH_SECRET, ...database, ...options.env },
    options.providers ? {} : { providersDir: NO_PROVIDERS },
  );
}

/** The `Cookie` header a browser would send back after this response. */
export const cookieOf = (response: Response): string =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');

/** POST JSON to an auth route as a browser on the gateway's page would (with its Origin). */
export function authPost(url: string, path: string, body: unknown, cookie?: string) {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: url,
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** A person made through `POST /api/auth/sign-up/email`, signed in. */
export interface SignedUp {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

/** Sign a new person up (signed in at once) and return their id and session cookie. */
export async function signUp(url: string, email: string, name = 'Ada'): Promise<SignedUp> {
  const password = 'correct horse battery staple';
  const response = await authPost(url, '/api/auth/sign-up/email', { email, password, name });
  if (response.status !== 200)
    throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const { user } = (await response.json()) as { user: { id: string } };
  return { id: user.id, email, password, cookie: cookieOf(response) };
}
