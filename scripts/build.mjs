// Build: transpile every workspace's TypeScript to JavaScript with esbuild (one file in, one
// file out, no bundling), and bundle the web app with Vite into web/dist. Type checking is
// `npm run typecheck` (tsc).
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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
/** The bare specifiers of TypeBox that built code imports from one bundled module instead. */
const TYPEBOX_IMPORT = /from "typebox(?:\/compile|\/value)?";/g;
const TYPEBOX_VENDOR = '@manifold/core/vendor/typebox';

/**
 * TypeBox as one module (core/runtime/src/vendor/typebox.ts, TypeBox inlined), and every built
 * `typebox`, `typebox/compile` or `typebox/value` import pointed at it: TypeBox's ~700 small ES
 * modules cost about 15 MiB of RSS at boot as separate modules, a few as one.
 */
async function vendorTypeBox(distDirs) {
  await build({
    entryPoints: [join(root, 'core', 'runtime', 'src', 'vendor', 'typebox.ts')],
    outfile: join(root, 'core', 'runtime', 'dist', 'vendor', 'typebox.js'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  for (const dir of distDirs) {
    for (const file of jsFiles(dir)) {
      const code = readFileSync(file, 'utf8');
      const vendored = code.replace(TYPEBOX_IMPORT, `from "${TYPEBOX_VENDOR}";`);
      if (vendored !== code) writeFileSync(file, vendored);
    }
  }
}

/** The .js files under a dist folder. */
function jsFiles(dir) {
  return readdirSync(dir, { recursive: true })
    .filter((name) => name.endsWith('.js'))
    .map((name) => join(dir, name));
}

let count = 0;
const distDirs = [];
for (const dir of corePackages()) {
  count += await transpile(join(dir, 'src'), join(dir, 'dist'));
  distDirs.push(join(dir, 'dist'));
}
const providersDir = join(root, 'providers');
for (const name of existsSync(providersDir) ? readdirSync(providersDir) : []) {
  const dir = join(providersDir, name);
  if (!existsSync(join(dir, 'package.json'))) continue;
  count += await transpile(dir, join(dir, 'dist'));
  distDirs.push(join(dir, 'dist'));
}
await vendorTypeBox(distDirs.filter((dir) => existsSync(dir)));

// `--packages-only`: the workspace packages without the web bundle (tests that pack them)
if (!process.argv.includes('--packages-only')) await buildWeb();
console.log(
  `built ${count} files in ${Date.now() - started} ms (${relative(process.cwd(), root) || '.'})`,
);
