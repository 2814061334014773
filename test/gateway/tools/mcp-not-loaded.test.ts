/**
 * Boot stays light (issue 19): a gateway without `MCP_SERVERS` never loads the MCP SDK (nor the
 * zod it brings, ~25 MiB): it is imported when a first MCP server is connected. Checked in a process
 * of its own whose module loads are watched by a load hook: first a gateway without MCP servers
 * (no SDK module), then one with a server (unreachable: connecting is enough to load it).
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
  if (url.includes('/@modelcontextprotocol/') || url.includes('/zod/')) port.postMessage(url);
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
const on = await boot({
  MCP_SERVERS: JSON.stringify({ mcpServers: { nowhere: { url: 'http://127.0.0.1:9/mcp' } } }),
  MCP_TIMEOUT_MS: '2000',
});
process.stdout.write(JSON.stringify({ off, on }));
`;

t.test('without MCP servers neither the MCP SDK nor zod is loaded', async (t) => {
  const { stdout } = await run(
    process.execPath,
    ['--import=tsx', '--conditions=manifold-source', '--input-type=module', '-e', SCRIPT],
    { cwd: ROOT, env: { PATH: process.env.PATH }, timeout: 50_000 },
  );
  const { off, on } = JSON.parse(stdout) as { off: number; on: number };
  t.equal(off, 0, 'no MCP server: nothing of the SDK or zod loaded');
  t.ok(on > 0, 'with one: the SDK loaded (the watch sees it)');
});
