/**
 * A throwaway PostgreSQL 15 cluster for one test file: Debian's binaries (`postgresql-15`, which
 * `.ci/run` installs), `initdb` into a temporary folder, `pg_ctl` on a free loopback port, run by
 * a dedicated user (PostgreSQL refuses to run as root; the user is made with `useradd` when the
 * tests run as root and it is missing), stopped and removed at teardown or when the process exits.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Test } from 'tap';

/** Where Debian puts PostgreSQL 15's programs. */
export const PG_BIN = '/usr/lib/postgresql/15/bin';
/** The user the clusters run as when the tests run as root. */
export const PG_USER = 'manifold-pg';

/** Why the PostgreSQL tests cannot run here, or false when they can (the binaries are present). */
export const postgresMissing: string | false = ['initdb', 'pg_ctl', 'postgres'].every((name) =>
  existsSync(join(PG_BIN, name)),
)
  ? false
  : `PostgreSQL 15 is not installed (no ${PG_BIN}/initdb): apt-get install postgresql-15`;

/** A running cluster. */
export interface PostgresCluster {
  port: number;
  /** A connection URL for a database of the cluster (default `postgres`). */
  url(database?: string): string;
  /** Make a new empty database and return its URL. */
  createDatabase(): Promise<string>;
}

interface Identity {
  uid: number;
  gid: number;
}

/** The dedicated user's ids (made when missing), or undefined when not running as root. */
function clusterUser(): Identity | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = () => spawnSync('id', ['-u', PG_USER], { encoding: 'utf8' });
  for (let attempt = 0; attempt < 20 && lookup().status !== 0; attempt++) {
    // Test files start together: another may be adding the user (or hold /etc/passwd's lock).
    spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', PG_USER]);
    if (lookup().status !== 0) spawnSync('sleep', ['0.2']);
  }
  const uid = Number(lookup().stdout.trim());
  const gid = Number(spawnSync('id', ['-g', PG_USER], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error(`no user ${PG_USER}`);
  return { uid, gid };
}

/** Run a PostgreSQL program as the cluster's user; rejects with its output when it fails. */
function run(program: string, args: string[], user: Identity | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(PG_BIN, program), args, {
      ...(user ?? {}),
      cwd: tmpdir(),
      env: { PATH: process.env.PATH, LC_ALL: 'C' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} exited ${code}: ${output}`)),
    );
  });
}

/** A loopback port free right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Start a cluster for this test file; it is stopped and deleted at the file's teardown. */
export async function startPostgres(t: Test): Promise<PostgresCluster> {
  const user = clusterUser();
  const folder = mkdtempSync(join(tmpdir(), 'manifold-pg-'));
  if (user) chownSync(folder, user.uid, user.gid);
  const data = join(folder, 'data');
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stopNow);
    spawnSync(join(PG_BIN, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], {
      ...(user ?? {}),
      cwd: tmpdir(),
      stdio: 'ignore',
    });
    rmSync(folder, { recursive: true, force: true });
  };
  process.on('exit', stopNow);
  t.teardown(stopNow);

  await run(
    'initdb',
    ['-D', data, '-U', 'postgres', '-A', 'trust', '--encoding=UTF8', '--locale=C', '--no-sync'],
    user,
  );
  let port = 0;
  // another file's cluster (or any server) may take the port between the probe and the start
  for (let attempt = 0; ; attempt++) {
    port = await freePort();
    try {
      await run(
        'pg_ctl',
        [
          '-D',
          data,
          '-l',
          join(folder, 'server.log'),
          '-w',
          '-t',
          '30',
          '-o',
          `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off ` +
            '-c synchronous_commit=off -c full_page_writes=off -c shared_buffers=16MB',
          'start',
        ],
        user,
      );
      break;
    } catch (error) {
      if (attempt >= 2) throw error;
    }
  }
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let databases = 0;
  return {
    port,
    url,
    async createDatabase() {
      const name = `test_${++databases}`;
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
  };
}
