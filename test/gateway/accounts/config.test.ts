// The accounts configuration (CONTRACT §9): ACCOUNTS, EDITION, the database, AUTH_SECRET and the
// OAuth variables; and ACCOUNTS=off (the default) opens no database at all.
import t from 'tap';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@manifold/gateway/config';
import { TEST_AUTH_SECRET } from '../../helpers/accounts.js';
import { startGateway } from '../../helpers/gateway.js';
import { NO_PROVIDERS } from '../../helpers/paths.js';
import { migratedDataDir } from '../../helpers/pglite.js';

const SECRET = { AUTH_SECRET: TEST_AUTH_SECRET };

t.test('accounts are off by default, in the self-hosted edition, with ./data', async (t) => {
  t.match(loadConfig({}), {
    accounts: 'off',
    edition: 'self-hosted',
    database: { url: undefined, dataDir: './data' },
    auth: undefined,
    keyVaultsSecret: undefined,
  });
});

t.test('accounts on: the secret, the database and the providers are read', async (t) => {
  const config = loadConfig({
    ACCOUNTS: 'on',
    ...SECRET,
    DATABASE_URL: 'postgres://manifold:pw@127.0.0.1:5432/manifold',
    DATA_DIR: '/var/lib/manifold',
    KEY_VAULTS_SECRET: 'k'.repeat(32),
    AUTH_URL: 'https://chat.example.com/',
    AUTH_GITHUB_ID: 'id',
    AUTH_GITHUB_SECRET: 'secret',
  });
  t.match(config, {
    accounts: 'on',
    database: {
      url: 'postgres://manifold:pw@127.0.0.1:5432/manifold',
      dataDir: '/var/lib/manifold',
    },
    keyVaultsSecret: 'k'.repeat(32),
    auth: {
      secret: TEST_AUTH_SECRET,
      url: 'https://chat.example.com',
      github: { clientId: 'id', clientSecret: 'secret' },
      google: undefined,
      oidc: undefined,
    },
  });
});

t.test('the cloud edition requires accounts', async (t) => {
  t.equal(loadConfig({ EDITION: 'cloud', ...SECRET }).accounts, 'required');
  t.equal(loadConfig({ EDITION: 'cloud', ACCOUNTS: 'required', ...SECRET }).accounts, 'required');
});

t.test('each invalid variable stops the boot with one line naming it', async (t) => {
  const cases: Array<[Record<string, string>, string]> = [
    [{ ACCOUNTS: 'yes' }, 'ACCOUNTS must be one of off, on, required, got "yes"'],
    [{ EDITION: 'saas' }, 'EDITION must be one of self-hosted, cloud, got "saas"'],
    [
      { ACCOUNTS: 'on' },
      'AUTH_SECRET is required when ACCOUNTS is on (at least 32 random characters, e.g. from `openssl rand -base64 32`)',
    ],
    [
      { ACCOUNTS: 'required' },
      'AUTH_SECRET is required when ACCOUNTS is required (at least 32 random characters, e.g. from `openssl rand -base64 32`)',
    ],
    [{ EDITION: 'cloud' }, 'AUTH_SECRET is required when ACCOUNTS is required'],
    [
      { EDITION: 'cloud', ACCOUNTS: 'on', ...SECRET },
      'ACCOUNTS must be required when EDITION=cloud, got "on"',
    ],
    [{ ACCOUNTS: 'on', AUTH_SECRET: 'short' }, 'AUTH_SECRET must be at least 32 characters long'],
    [{ KEY_VAULTS_SECRET: 'short' }, 'KEY_VAULTS_SECRET must be at least 32 characters long'],
    [
      { DATABASE_URL: 'mysql://root:hunter2@db/manifold' },
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
    ],
    [
      { ACCOUNTS: 'on', ...SECRET, AUTH_GITHUB_ID: 'id' },
      'AUTH_GITHUB_SECRET is required with AUTH_GITHUB_ID',
    ],
    [
      { ACCOUNTS: 'on', ...SECRET, AUTH_GOOGLE_SECRET: 's' },
      'AUTH_GOOGLE_ID is required with AUTH_GOOGLE_SECRET',
    ],
    [
      { ACCOUNTS: 'on', ...SECRET, AUTH_OIDC_ID: 'id', AUTH_OIDC_SECRET: 's' },
      'AUTH_OIDC_ISSUER is required with AUTH_OIDC_ID',
    ],
    [
      { ACCOUNTS: 'on', ...SECRET, AUTH_OIDC_ISSUER: 'https://sso.example.com' },
      'AUTH_OIDC_ID is required with AUTH_OIDC_ISSUER',
    ],
    [
      {
        ACCOUNTS: 'on',
        ...SECRET,
        AUTH_OIDC_ISSUER: 'sso.example.com',
        AUTH_OIDC_ID: 'i',
        AUTH_OIDC_SECRET: 's',
      },
      'AUTH_OIDC_ISSUER must be an http(s) URL, got "sso.example.com"',
    ],
    [
      { ACCOUNTS: 'on', ...SECRET, AUTH_URL: 'ftp://x' },
      'AUTH_URL must be an http(s) URL, got "ftp://x"',
    ],
  ];
  for (const [env, message] of cases) {
    const error = t.throws(() => loadConfig(env), { name: 'ConfigError' }) as Error;
    t.match(error.message, `Invalid configuration: ${message}`, message);
    t.notMatch(error.message, /hunter2/, 'a password in a URL is never repeated');
  }
});

t.test('ACCOUNTS=off opens no database and offers no account routes', async (t) => {
  const parent = mkdtempSync(join(tmpdir(), 'manifold-off-'));
  t.teardown(() => rmSync(parent, { recursive: true, force: true }));
  const dataDir = join(parent, 'data');
  const { app, url } = await startGateway(
    t,
    { DATA_DIR: dataDir, ...SECRET },
    { providersDir: NO_PROVIDERS },
  );
  t.notOk(existsSync(dataDir), 'DATA_DIR is not even created');
  t.notOk(app.hasDecorator('database'), 'no database');
  t.equal((await fetch(`${url}/api/auth/get-session`)).status, 404);
  t.equal((await fetch(`${url}/webapi/me`)).status, 404);
  t.equal((await fetch(`${url}/webapi/api-keys`)).status, 404);
  t.same(await (await fetch(`${url}/api/accounts/config`)).json(), {
    accounts: 'off',
    edition: 'self-hosted',
    emailPassword: false,
    providers: [],
  });
});

/** The accounts' heavy modules a gateway process loaded with this environment. */
async function heavyModules(env: Record<string, string>): Promise<string[]> {
  const child = spawn(
    process.execPath,
    [
      '--import=tsx',
      '--conditions=manifold-source',
      join(import.meta.dirname, 'fixtures', 'heavy-modules.ts'),
      JSON.stringify(env),
      NO_PROVIDERS,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  await new Promise((resolve) => child.once('exit', resolve));
  return JSON.parse(output.trim().split('\n').at(-1) ?? 'null') as string[];
}

t.test('ACCOUNTS=off loads neither better-auth, Drizzle nor a database driver', async (t) => {
  t.same(await heavyModules({}), []);
  const withAccounts = await heavyModules({
    ACCOUNTS: 'on',
    ...SECRET,
    DATA_DIR: await migratedDataDir(t),
  });
  t.ok(
    withAccounts.some((url) => url.includes('/better-auth/')),
    'better-auth with accounts on',
  );
  t.ok(
    withAccounts.some((url) => url.includes('/@electric-sql/pglite/')),
    'and PGlite',
  );
});
