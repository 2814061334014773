// Build: transpile every workspace's TypeScript to JavaScript with esbuild (one file in, one
// file out, no bundling), and place the web app. Type checking is `npm run typecheck` (tsc).
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function tsFiles(dir, skip = new Set(['node_modules', 'dist'])) {
  const files = [];
  for (const name of readdirSync(dir)) {
    if (skip.has(name)) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...tsFiles(path, skip));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts') && !name.endsWith('.test.ts'))
      files.push(path);
  }
  return files;
}

async function transpile(sourceRoot, outdir) {
  const entryPoints = tsFiles(sourceRoot);
  if (entryPoints.length === 0) return 0;
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints,
    outdir,
    outbase: sourceRoot,
    bundle: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  return entryPoints.length;
}

const started = Date.now();
let count = await transpile(join(root, 'core', 'src'), join(root, 'core', 'dist'));
const providersDir = join(root, 'providers');
for (const name of existsSync(providersDir) ? readdirSync(providersDir) : []) {
  const dir = join(providersDir, name);
  if (existsSync(join(dir, 'package.json'))) count += await transpile(dir, join(dir, 'dist'));
}

// The web app: a built bundle when web/ has a build script of its own, else its static page.
const webDist = join(root, 'web', 'dist');
const webPublic = join(root, 'web', 'public');
if (existsSync(webPublic)) {
  mkdirSync(webDist, { recursive: true });
  cpSync(webPublic, webDist, { recursive: true });
}
console.log(
  `built ${count} files in ${Date.now() - started} ms (${relative(process.cwd(), root) || '.'})`,
);
