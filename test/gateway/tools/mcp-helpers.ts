import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Test } from 'tap';
import type { ToolCallContext } from '@manifold/gateway/tools/types';
import { ROOT } from '../../helpers/paths.js';

/** The bin of `@modelcontextprotocol/server-everything` (run with `node`). */
export const EVERYTHING = join(
  ROOT,
  'node_modules',
  '@modelcontextprotocol',
  'server-everything',
  'dist',
  'index.js',
);
const FIXTURES = join(ROOT, 'test', 'gateway', 'tools', 'fixtures');
/** Our misbehaving MCP server (stdio), as a `command` and `args` of `MCP_SERVERS`. */
export const MISBEHAVING = {
  command: process.execPath,
  args: ['--import=tsx', join(FIXTURES, 'misbehaving-mcp-server.ts')],
};

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** A call context as the plugin gateway route gives it. */
export function callContext(signal: AbortSignal = new AbortController().signal): ToolCallContext {
  return { signal, settings: {}, logger: quiet, fetch: { guarded: fetch, trusted: fetch } };
}

/** A process of server-everything listening on 127.0.0.1, killed at teardown. */
export interface HttpServerProcess {
  port: number;
  child: ChildProcess;
  /** Kill it now (SIGKILL) and wait until it is gone. */
  kill(): Promise<void>;
}

/**
 * Start server-everything in its own HTTP mode (`streamableHttp` or the older `sse`) on a
 * loopback port (`port` 0: any free one).
 */
export async function startEverythingHttp(
  t: Test,
  mode: 'streamableHttp' | 'sse',
  port = 0,
): Promise<HttpServerProcess> {
  const child = spawn(
    process.execPath,
    [`--import=${join(FIXTURES, 'listen-on-loopback.mjs')}`, EVERYTHING, mode],
    {
      env: { PATH: process.env.PATH, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  t.teardown(kill);
  const listening = await new Promise<number>((resolve, reject) => {
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /LISTENING (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) =>
      reject(new Error(`server-everything exited (${code}): ${output}`)),
    );
  });
  return { port: listening, child, kill };
}
