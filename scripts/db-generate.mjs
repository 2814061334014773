// `npm run db:generate [-- --name <name>]`: drizzle-kit writes a SQL migration into core/gateway/drizzle/
// from the schema (core/gateway/src/db/schema/*.ts). Commit what it writes; the gateway applies it at boot.
//
// drizzle-kit sits at the root while npm keeps drizzle-orm inside core/gateway (one of drizzle-orm's
// optional peers asks for another React than the web app's), so drizzle-kit is shown the
// gateway's copy: NODE_PATH for its require() calls, a resolve hook for its import() calls.
import { spawnSync } from 'node:child_process';
import { register } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const gateway = join(root, 'core', 'gateway');

if (process.env.MANIFOLD_DRIZZLE_KIT_CHILD) {
  // Loaded with --import in drizzle-kit's process: resolve drizzle-orm from the gateway.
  register(import.meta.url);
} else {
  const result = spawnSync(
    process.execPath,
    [
      '--import',
      import.meta.url,
      join(root, 'node_modules', 'drizzle-kit', 'bin.cjs'),
      'generate',
      ...process.argv.slice(2),
    ],
    {
      cwd: gateway,
      stdio: 'inherit',
      env: {
        ...process.env,
        MANIFOLD_DRIZZLE_KIT_CHILD: '1',
        NODE_PATH: join(gateway, 'node_modules'),
      },
    },
  );
  process.exit(result.status ?? 1);
}

/** Module resolve hook: `drizzle-orm` and its subpaths come from core/gateway. */
export async function resolve(specifier, context, next) {
  if (specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')) {
    return next(specifier, {
      ...context,
      parentURL: pathToFileURL(join(gateway, 'package.json')).href,
    });
  }
  return next(specifier, context);
}
