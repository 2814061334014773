// `npm test`: formatting, type check, build, then the whole tap suite. Ends with the plain line
// `N passed, N failed` (leaf tests across every file) that CI reads.
import { spawn, spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', name);
const steps = [];

function step(name, command, args) {
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  steps.push({ name, ok: result.status === 0, ms: Date.now() - started });
  return result.status === 0;
}

/** Count leaf test points in TAP: a point that closes a `# Subtest:` block is a parent, not a leaf. */
function countTap(text) {
  const open = new Map();
  const counts = { passed: 0, failed: 0, skipped: 0 };
  for (const line of text.split('\n')) {
    const subtest = /^(\s*)# Subtest: /.exec(line);
    if (subtest) {
      const depth = subtest[1].length;
      open.set(depth, (open.get(depth) ?? 0) + 1);
      continue;
    }
    const point = /^(\s*)(not ok|ok) \d+/.exec(line);
    if (!point) continue;
    const depth = point[1].length;
    if ((open.get(depth) ?? 0) > 0) {
      open.set(depth, open.get(depth) - 1);
      continue;
    }
    if (/#\s*(SKIP|TODO)\b/i.test(line)) counts.skipped++;
    else if (point[2] === 'ok') counts.passed++;
    else counts.failed++;
  }
  return counts;
}

step('format', bin('prettier'), ['--check', '--log-level', 'warn', '.']);
step('lint', bin('eslint'), ['--max-warnings=0', '.']);
step('typecheck', bin('tsc'), ['-p', 'tsconfig.json']);
step('typecheck web', bin('tsc'), ['-p', join('web', 'tsconfig.json'), '--noEmit']);
step('build', process.execPath, [join(root, 'scripts', 'build.mjs')]);
// tap builds its plugin set (.taprc drops @tapjs/typescript) on the first run after an install.
// Built beforehand it takes ~5 s; left to the run itself, that first run took ~1.7× as long (a fresh
// clone's tap: 429 s against 244 s for the same files a second time).
step('tap build', bin('tap'), ['build']);

const tapArgs = ['--reporter=tap', ...process.argv.slice(2)];
const started = Date.now();
let output = '';
const child = spawn(bin('tap'), tapArgs, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
child.stdout.on('data', (chunk) => {
  output += chunk;
  process.stdout.write(chunk);
});
const code = await new Promise((resolve) => child.on('close', resolve));
steps.push({ name: 'tap', ok: code === 0, ms: Date.now() - started });

const counts = countTap(output);
for (const { name, ok, ms } of steps) {
  if (!ok) counts.failed++;
  console.log(`# ${ok ? 'ok ' : 'FAILED'} ${name} (${(ms / 1000).toFixed(1)} s)`);
}
console.log(
  `${counts.passed} passed, ${counts.failed} failed${counts.skipped ? `, ${counts.skipped} skipped` : ''}`,
);
process.exit(steps.every((s) => s.ok) ? 0 : 1);
