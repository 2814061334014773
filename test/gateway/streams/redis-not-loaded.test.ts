/**
 * Boot stays light (issue 18): a gateway without `REDIS_URL` never loads `ioredis`, and one without
 * `RATE_LIMIT_RPM` never loads `@fastify/rate-limit`. Checked in a process of its own whose module
 * loads are watched by a load hook: first a gateway without the variables, then one with them (a
 * Redis nobody listens on: the gateway still boots, and the watch does see the modules).
 */
import t from 'tap';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from '../../helpers/paths.js';

const run = promisify(execFile);

/** Runs in the child: watches every module load, builds the two gateways, prints the counts. */
const SCRIPT = `
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const loaded = [];
port1.on('message', (url) => loaded.push(url));
port1.unref();
const hooks = \`
let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) {
  if (url.includes('/node_modules/ioredis/') || url.includes('/node_modules/@fastify/rate-limit/')) port.postMessage(url);
  return next(url, context);
}\`;
register('data:text/javascript,' + encodeURIComponent(hooks), {
  data: { port: port2 },
  transferList: [port2],
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
const { buildApp } = await import('@manifold/gateway/app');
const { loadConfig } = await import('@manifold/gateway/config');
const boot = async (env) => {
  const app = await buildApp(loadConfig({ LOG_LEVEL: 'silent', ...env }), { sources: [], logger: false });
  await app.ready();
  await app.close();
  await settle();
  return loaded.length;
};
const off = await boot({});
const on = await boot({ REDIS_URL: 'redis://127.0.0.1:9', RATE_LIMIT_RPM: '10' });
process.stdout.write(JSON.stringify({ off, on }));
`;

t.test(
  'without REDIS_URL and RATE_LIMIT_RPM neither ioredis nor the rate limiter is loaded',
  async (t) => {
    const { stdout } = await run(
      process.execPath,
      ['--import=tsx', '--conditions=manifold-source', '--input-type=module', '-e', SCRIPT],
      { cwd: ROOT, env: { PATH: process.env.PATH }, timeout: 50_000 },
    );
    const { off, on } = JSON.parse(stdout) as { off: number; on: number };
    t.equal(off, 0, 'one process: neither module loaded');
    t.ok(on > 0, 'with REDIS_URL and RATE_LIMIT_RPM: loaded (the watch sees them)');
  },
);
