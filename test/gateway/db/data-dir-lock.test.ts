// One DATA_DIR, one process (CONTRACT §9): the embedded database's folder is locked with a file
// holding the PID; a second process refuses to start with one clear line, a lock left by a process
// that is gone is taken over.
import t, { type Test } from 'tap';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '@manifold/gateway/db/lock';
import { NO_PROVIDERS, ROOT } from '../../helpers/paths.js';
import { migratedDataDir } from '../../helpers/pglite.js';

function tempDir(t: Test): string {
  const dir = mkdtempSync(join(tmpdir(), 'manifold-lock-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** The PID of a process that has ended. */
const deadPid = (): number => spawnSync('true').pid!;

t.test('a data directory held by this process cannot be opened again until released', async (t) => {
  const dir = tempDir(t);
  const release = lockDataDir(dir);
  t.equal(readFileSync(join(dir, LOCK_FILE), 'utf8'), `${process.pid}\n`, 'the lock holds our PID');
  t.throws(() => lockDataDir(dir), new DataDirInUseError(dir, process.pid));
  release();
  t.notOk(existsSync(join(dir, LOCK_FILE)), 'releasing removes the lock file');
  const again = lockDataDir(dir);
  again();
});

t.test('a lock held by another running process is refused, naming its PID', async (t) => {
  const dir = tempDir(t);
  const other = spawn('sleep', ['30']);
  t.teardown(() => other.kill());
  writeFileSync(join(dir, LOCK_FILE), `${other.pid}\n`);
  t.throws(() => lockDataDir(dir), {
    name: 'DataDirInUseError',
    message: `DATA_DIR ${dir} is in use by another Manifold process (PID ${other.pid})`,
  });
  t.equal(readFileSync(join(dir, LOCK_FILE), 'utf8'), `${other.pid}\n`, 'the lock is untouched');
});

t.test('a lock left by a process that is gone is taken over', async (t) => {
  const dir = tempDir(t);
  writeFileSync(join(dir, LOCK_FILE), `${deadPid()}\n`);
  const release = lockDataDir(dir);
  t.equal(readFileSync(join(dir, LOCK_FILE), 'utf8'), `${process.pid}\n`);
  release();
  t.notOk(existsSync(join(dir, LOCK_FILE)));
});

t.test('a missing data directory is created', async (t) => {
  const dir = join(tempDir(t), 'nested', 'data');
  const release = lockDataDir(dir);
  t.ok(existsSync(join(dir, LOCK_FILE)));
  release();
});

/** Start the gateway's main as its own process on a data directory. */
function startProcess(t: Test, dataDir: string) {
  const child = spawn(
    process.execPath,
    [
      '--import=tsx',
      '--conditions=manifold-source',
      join(ROOT, 'core', 'gateway', 'src', 'main.ts'),
    ],
    {
      cwd: NO_PROVIDERS,
      env: {
        PATH: process.env.PATH,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        ACCOUNTS: 'on',
        AUTH_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
        DATA_DIR: dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  t.teardown(() => {
    child.kill('SIGKILL');
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
      if (match) resolve(match[1]!);
    });
    void exited.then((code) => reject(new Error(`gateway exited (${code}): ${stderr}`)));
  });
  listening.catch(() => {});
  return { child, exited, listening, output: () => ({ stdout, stderr }) };
}

t.test('a second gateway on the same DATA_DIR stops with one line naming the first', async (t) => {
  const dataDir = await migratedDataDir(t);
  const first = startProcess(t, dataDir);
  const url = await first.listening;
  t.equal((await fetch(`${url}/health`)).status, 200, 'the first gateway serves');

  const second = startProcess(t, dataDir);
  t.equal(await second.exited, 1, 'the second exits with status 1');
  const { stdout, stderr } = second.output();
  t.equal(
    stderr,
    `DATA_DIR ${dataDir} is in use by another Manifold process (PID ${first.child.pid}): ` +
      `stop it or choose another DATA_DIR (if no such process runs, delete ${join(dataDir, LOCK_FILE)})\n`,
  );
  t.notMatch(stdout, /Server listening/, 'it never listened');
  t.equal((await fetch(`${url}/health`)).status, 200, 'the first still serves');

  first.child.kill('SIGTERM');
  t.equal(await first.exited, 0, 'the first stops cleanly');
  t.notOk(existsSync(join(dataDir, LOCK_FILE)), 'and frees the directory');
});
