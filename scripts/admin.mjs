// `npm run admin -- <command> …`: the operator's commands (grant credits, set plans) on the database
// the environment (and `.env`) names. Builds what is missing first, as `npm start` does.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const build = spawnSync(process.execPath, [join(root, 'scripts', 'build.mjs')], {
  cwd: root,
  stdio: ['ignore', 'ignore', 'inherit'],
});
if (build.status !== 0) process.exit(build.status ?? 1);
const gateway = (file) => pathToFileURL(join(root, 'core', 'gateway', 'dist', file)).href;
const { runAdmin } = await import(gateway('admin.js'));
const { readEnvironment } = await import(gateway('config.js'));
const result = await runAdmin(process.argv.slice(2), readEnvironment(process.env));
(result.code === 0 ? process.stdout : process.stderr).write(`${result.output}\n`);
process.exit(result.code);
