// The Portkey gateway for `npm run bench`: installed with npm into a cache folder outside the
// workspaces (node_modules/.cache/manifold-bench/portkey), once.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The Portkey gateway (`@portkey-ai/gateway`, with the `@hono/node-server` it needs pinned),
 * installed with npm into a cache folder under `root` when not already there (`PORTKEY`:
 * `{ version, nodeServer }`). Returns `{ entry, dir }` (its server script and that folder), or
 * `{ reason }` when it cannot be installed (offline).
 */
export function installPortkey(root, PORTKEY) {
  const dir = join(root, 'node_modules', '.cache', 'manifold-bench', 'portkey');
  const modules = join(dir, 'node_modules');
  const entry = join(modules, '@portkey-ai', 'gateway', 'build', 'start-server.js');
  const version = (name) => {
    try {
      return JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')).version;
    } catch {
      return undefined;
    }
  };
  const installed = () =>
    existsSync(entry) &&
    version('@portkey-ai/gateway') === PORTKEY.version &&
    version('@hono/node-server') === PORTKEY.nodeServer;
  if (installed()) return { entry, dir };
  console.log(`installing @portkey-ai/gateway@${PORTKEY.version} into ${dir}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({
      name: 'manifold-bench-portkey',
      private: true,
      dependencies: {
        '@portkey-ai/gateway': PORTKEY.version,
        '@hono/node-server': PORTKEY.nodeServer,
      },
      overrides: { '@hono/node-server': PORTKEY.nodeServer },
    }),
  );
  const npm = spawnSync(
    'npm',
    [
      'install',
      '--prefix',
      dir,
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--workspaces=false',
    ],
    { cwd: dir, encoding: 'utf8', timeout: 240_000 },
  );
  if (installed()) return { entry, dir };
  const output = `${npm.error?.message ?? ''} ${npm.stderr ?? ''}`;
  const reason =
    /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|network/i.exec(output)?.[0] ??
    (npm.error ? npm.error.message : `npm install exited with ${npm.status}`);
  return { reason: `npm could not install @portkey-ai/gateway@${PORTKEY.version} (${reason})` };
}
