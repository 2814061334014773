/**
 * Which modules a gateway loads at boot (issues 17–19: boot stays light). In a process of its own,
 * a load hook watches every module; two gateways are built and closed, first with `off` (the
 * feature not configured), then with `on`; the answer is how many watched modules were loaded
 * after each (`on` shows the watch does see them).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ROOT } from './paths.js';

const run = promisify(execFile);

/** Runs in the child: reads what to watch and the two environments from its own environment. */
const SCRIPT = `
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const loaded = [];
port1.on('message', (url) => loaded.push(url));
port1.unref();
const hooks = \`
let port, watched;
export function initialize(data) { port = data.port; watched = data.watched; }
export async function load(url, context, next) {
  if (watched.some((part) => url.includes(part))) port.postMessage(url);
  return next(url, context);
}\`;
register('data:text/javascript,' + encodeURIComponent(hooks), {
  data: { port: port2, watched: JSON.parse(process.env.WATCHED) },
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
const off = await boot(JSON.parse(process.env.OFF_ENV));
const on = await boot(JSON.parse(process.env.ON_ENV));
process.stdout.write(JSON.stringify({ off, on }));
`;

/** Watched modules (URL parts, e.g. `/@opentelemetry/`) loaded by a gateway built with each env. */
export async function bootModuleLoads(
  watched: readonly string[],
  env: { off: Record<string, string>; on: Record<string, string> },
): Promise<{ off: number; on: number }> {
  const { stdout } = await run(
    process.execPath,
    ['--import=tsx', '--conditions=manifold-source', '--input-type=module', '-e', SCRIPT],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        WATCHED: JSON.stringify(watched),
        OFF_ENV: JSON.stringify(env.off),
        ON_ENV: JSON.stringify(env.on),
      },
      timeout: 50_000,
    },
  );
  return JSON.parse(stdout) as { off: number; on: number };
}
