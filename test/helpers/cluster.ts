/**
 * Throwaway servers for the cluster test: Debian's `redis-server` and `nginx` on free loopback
 * ports (nginx with its own prefix, configuration, pid and temporary folders in a temporary
 * directory: `deploy/nginx.conf` with its upstreams and listen address replaced), and gateways as
 * child processes of `core/gateway/src/main.ts`. Everything is killed at teardown or when the test
 * process exits.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Test } from 'tap';
import { ROOT } from './paths.js';

export const REDIS_SERVER = '/usr/bin/redis-server';
export const NGINX = '/usr/sbin/nginx';

/** Why the cluster test cannot run here, or false. */
export const clusterMissing: string | false = !existsSync(REDIS_SERVER)
  ? `redis-server is not installed (apt-get install redis-server)`
  : !existsSync(NGINX)
    ? `nginx is not installed (apt-get install nginx-light)`
    : false;

/** A loopback port free right now. */
export function freePort(): Promise<number> {
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

/** Wait until something accepts connections on the port (or fail after `ms`). */
export async function portOpen(port: number, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on ${port} after ${ms} ms`);
    await sleep(50);
  }
}

/**
 * A child process killed (by its pid; SIGKILL unless `signal` says otherwise) at teardown or when
 * this process exits.
 */
function owned(t: Test, child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): ChildProcess {
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  // a running child (and its pipes) must not keep this process alive: the teardown that kills it
  // runs only once the tests are done and nothing else is pending
  child.unref();
  for (const stream of [child.stdout, child.stderr]) (stream as Socket | null)?.unref();
  process.on('exit', kill);
  t.teardown(() => {
    process.off('exit', kill);
    kill();
  });
  return child;
}

/** Output of a child, kept for a failing test's diagnostics. */
function collect(child: ChildProcess): () => string {
  let output = '';
  const add = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', add);
  child.stderr?.on('data', add);
  return () => output;
}

export interface RedisServer {
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** A `redis-server` without persistence on a free loopback port. */
export async function startRedis(t: Test): Promise<RedisServer> {
  const dir = mkdtempSync(join(tmpdir(), 'manifold-redis-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  const child = owned(
    t,
    spawn(
      REDIS_SERVER,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    ),
  );
  collect(child);
  await portOpen(port);
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/** nginx running `deploy/nginx.conf` in front of the given loopback ports. */
export async function startNginx(t: Test, upstreams: readonly number[]): Promise<{ url: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'manifold-nginx-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  for (const name of ['logs', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(dir, name));
  const port = await freePort();
  let conf = readFileSync(join(ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const servers = upstreams.map((each) => `    server 127.0.0.1:${each};`).join('\n');
  conf = conf
    .replace(/^\s*server gateway-1:.*\n\s*server gateway-2:.*$/m, servers)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replace('worker_processes auto;', 'worker_processes 1;')
    .replace(
      'http {',
      `http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;`,
    );
  if (!conf.includes(`127.0.0.1:${upstreams[0]}`)) throw new Error('deploy/nginx.conf changed');
  const head = [
    'daemon off;',
    `pid ${dir}/nginx.pid;`,
    `error_log ${dir}/logs/error.log warn;`,
    // as root, nginx's workers would switch to `nobody`, who cannot read the temporary folder
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
  ].join('\n');
  writeFileSync(join(dir, 'nginx.conf'), `${head}\n${conf}`);
  const child = owned(
    t,
    spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'logs', 'error.log')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    // nginx's master stops its workers on SIGTERM; killed outright, it would leave them behind
    'SIGTERM',
  );
  const output = collect(child);
  try {
    await portOpen(port, 10_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}: ${output()}`, { cause: error });
  }
  return { url: `http://127.0.0.1:${port}` };
}

export interface GatewayProcess {
  port: number;
  url: string;
  /** Its output so far (logs at the level given). */
  output(): string;
  /** SIGKILL: the instance dies mid-whatever. */
  kill(): Promise<void>;
}

/** `core/gateway/src/main.ts` as a child process on a free loopback port, ready when it answers. */
export async function startGatewayProcess(
  t: Test,
  env: Record<string, string>,
): Promise<GatewayProcess> {
  const port = await freePort();
  const child = owned(
    t,
    spawn(
      process.execPath,
      [
        // resolved here: the child runs in an empty folder (no `.env` of the repository)
        `--import=${pathToFileURL(join(ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href}`,
        '--conditions=manifold-source',
        join(ROOT, 'core', 'gateway', 'src', 'main.ts'),
      ],
      {
        cwd: mkdtempSync(join(tmpdir(), 'manifold-gw-')),
        env: {
          PATH: process.env.PATH ?? '',
          HOST: '127.0.0.1',
          PORT: String(port),
          LOG_LEVEL: 'warn',
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    ),
  );
  const output = collect(child);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`gateway exited: ${output()}`);
    const ok = await fetch(`${url}/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error(`gateway not up after 60 s: ${output()}`);
    await sleep(100);
  }
  return {
    port,
    url,
    output,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
}
