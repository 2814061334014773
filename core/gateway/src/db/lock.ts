import {
  closeSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join, resolve } from 'node:path';

/** The lock file that marks a data directory as opened by one process. */
export const LOCK_FILE = 'manifold.lock';

/** A second process tried to open a data directory another running process holds. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: number | undefined,
  ) {
    super(
      `DATA_DIR ${dataDir} is in use by another Manifold process` +
        (holder ? ` (PID ${holder})` : '') +
        `: stop it or choose another DATA_DIR (if no such process runs, delete ${join(dataDir, LOCK_FILE)})`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Data directories this process holds (a second gateway in one process must not open one). */
const held = new Set<string>();

/** The PID written in a lock file, when it holds one. */
function holderOf(path: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** True when a process with this PID runs (EPERM: it runs as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Create the lock file with our PID; false when it exists already. */
function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Take a lock file left by a process that is gone. Only one process may break a lock at a time
 * (an atomic `mkdir` guards it), so two processes starting together cannot both take it.
 */
function breakStaleLock(path: string, stalePid: number | undefined): boolean {
  const guard = `${path}.breaking`;
  try {
    mkdirSync(guard);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // A guard older than a few seconds belongs to a process that died while breaking the lock.
    if (Date.now() - statSync(guard).mtimeMs < 10_000) return false;
  }
  try {
    // Still the stale holder's file (not one another process made in the meantime)?
    if (holderOf(path) !== stalePid) return false;
    unlinkSync(path);
    return tryCreate(path);
  } finally {
    rmdirSync(guard);
  }
}

/**
 * Lock a data directory for this process (it is created when missing): an exclusive lock file
 * holding the PID. A lock whose process no longer runs (a crash, a container restart where the
 * PID is ours again) is taken over. Returns the release function; throws `DataDirInUseError`.
 */
export function lockDataDir(dataDir: string): () => void {
  const dir = resolve(dataDir);
  mkdirSync(dir, { recursive: true });
  const path = join(dir, LOCK_FILE);
  if (held.has(path)) throw new DataDirInUseError(dir, process.pid);
  if (!tryCreate(path)) {
    const holder = holderOf(path);
    const stale = holder === undefined || holder === process.pid || !isRunning(holder);
    // a lock file without a PID may be one being written right now: never break it at once
    const readable = holder !== undefined || Date.now() - statSync(path).mtimeMs > 10_000;
    if (!stale || !readable || !breakStaleLock(path, holder))
      throw new DataDirInUseError(dir, holderOf(path));
  }
  held.add(path);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held.delete(path);
    process.off('exit', release);
    if (holderOf(path) === process.pid) unlinkSync(path);
  };
  // process.exit() without closing the gateway still frees the directory
  process.on('exit', release);
  return release;
}
