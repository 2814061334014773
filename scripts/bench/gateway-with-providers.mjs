// A gateway for the benchmark whose builtin providers are discovered from BENCH_PROVIDERS_DIR
// instead of `<repo>/providers`: `buildApp`'s `providersDir` option (there is no environment
// variable for it). Otherwise what `core/gateway/dist/main.js` does for one process: the
// configuration from the environment, listen, close and exit on SIGTERM.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dist = join(import.meta.dirname, '..', '..', 'core', 'gateway', 'dist');
const { buildApp, REPO_ROOT } = await import(pathToFileURL(join(dist, 'app.js')).href);
const { loadConfig, readEnvironment } = await import(pathToFileURL(join(dist, 'config.js')).href);

const providersDir = process.env.BENCH_PROVIDERS_DIR;
if (!providersDir) throw new Error('BENCH_PROVIDERS_DIR is not set');
const config = loadConfig(readEnvironment(process.env), {
  webRoot: join(REPO_ROOT, 'web', 'dist'),
});
const app = await buildApp(config, { providersDir });
await app.listen({ host: config.host, port: config.port });
process.once('SIGTERM', () =>
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  ),
);
