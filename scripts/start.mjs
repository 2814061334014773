// `npm start`: install what is missing, build, then serve gateway and web app from this process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`${command} ${args.join(' ')} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
}

if (
  !existsSync(join(root, 'node_modules', 'esbuild')) ||
  !existsSync(join(root, 'node_modules', 'fastify'))
) {
  console.log('installing dependencies…');
  run(
    npm,
    existsSync(join(root, 'package-lock.json'))
      ? ['ci', '--no-audit', '--no-fund']
      : ['install', '--no-audit', '--no-fund'],
  );
}
run(process.execPath, [join(root, 'scripts', 'build.mjs')]);
await import(pathToFileURL(join(root, 'core', 'gateway', 'dist', 'main.js')).href);
