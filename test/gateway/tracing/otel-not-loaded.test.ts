/**
 * Boot stays light (issue 17): a gateway without `OTEL_EXPORTER_OTLP_ENDPOINT` never loads
 * OpenTelemetry. Checked in a process of its own whose module loads are watched by a load hook:
 * first a gateway without the variable (no `@opentelemetry` module), then one with it (they are
 * loaded, so the watch does see them).
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
  if (url.includes('/@opentelemetry/')) port.postMessage(url);
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
const on = await boot({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
process.stdout.write(JSON.stringify({ off, on }));
`;

t.test('without OTEL_EXPORTER_OTLP_ENDPOINT no OpenTelemetry module is loaded', async (t) => {
  const { stdout } = await run(
    process.execPath,
    ['--import=tsx', '--conditions=manifold-source', '--input-type=module', '-e', SCRIPT],
    { cwd: ROOT, env: { PATH: process.env.PATH }, timeout: 50_000 },
  );
  const { off, on } = JSON.parse(stdout) as { off: number; on: number };
  t.equal(off, 0, 'tracing off: nothing of @opentelemetry loaded');
  t.ok(on > 0, 'tracing on: @opentelemetry modules loaded (the watch sees them)');
});
