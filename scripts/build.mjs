// Build: transpile every workspace's TypeScript to JavaScript with esbuild (one file in, one
// file out, no bundling), and bundle the web app with Vite into web/dist. Type checking is
// `npm run typecheck` (tsc).
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
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

/** Bundle the web app (web/ → web/dist) with Vite's JS API. */
async function buildWeb() {
  const vite = await import('vite');
  await vite.build({ root: join(root, 'web'), logLevel: 'warn' });
}

const started = Date.now();
if (process.argv.includes('--web-only')) {
  await buildWeb();
  console.log(`built web/dist in ${Date.now() - started} ms`);
  process.exit(0);
}
/** The package folders under core/ (core/runtime, core/gateway, core/wires/openai, …). */
function corePackages(dir = join(root, 'core')) {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'src' || name === 'dist') return [];
    const path = join(dir, name);
    if (!statSync(path).isDirectory()) return [];
    if (existsSync(join(path, 'package.json'))) return [path];
    return corePackages(path);
  });
}
let count = 0;
for (const dir of corePackages()) count += await transpile(join(dir, 'src'), join(dir, 'dist'));
const providersDir = join(root, 'providers');
for (const name of existsSync(providersDir) ? readdirSync(providersDir) : []) {
  const dir = join(providersDir, name);
  if (existsSync(join(dir, 'package.json'))) count += await transpile(dir, join(dir, 'dist'));
}

// `--packages-only`: the workspace packages without the web bundle (tests that pack them)
if (!process.argv.includes('--packages-only')) await buildWeb();
console.log(
  `built ${count} files in ${Date.now() - started} ms (${relative(process.cwd(), root) || '.'})`,
);
