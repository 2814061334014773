import cluster from 'node:cluster';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp, REPO_ROOT } from './app.js';
import { ConfigError, loadConfig, readEnvironment, type GatewayConfig } from './config.js';
import { DataDirInUseError } from './db/lock.js';

/** Read the configuration, or exit with one readable line. */
function configOrExit(): GatewayConfig {
  try {
    return loadConfig(readEnvironment(process.env), { webRoot: join(REPO_ROOT, 'web', 'dist') });
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/**
 * Start the gateway from the environment; exits with one readable line on bad configuration or
 * when another process holds `DATA_DIR`.
 */
async function serve(config: GatewayConfig): Promise<void> {
  let app;
  try {
    app = await buildApp(config);
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirInUseError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const stop = (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/**
 * `WORKERS=N` (N > 1): this process only forks N gateway processes that share the port (Node's
 * cluster module) and state through Redis; a worker that dies is replaced, unless it failed while
 * starting (then the primary stops too: the same error would repeat).
 */
function supervise(config: GatewayConfig): void {
  // workers run this module itself (not `npm start`'s script, which would build again)
  cluster.setupPrimary({ exec: fileURLToPath(import.meta.url) });
  let stopping = false;
  const startedAt = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    worker.once('listening', () => startedAt.delete(worker.id));
  };
  for (let index = 0; index < config.workers; index++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (startedAt.has(worker.id)) {
      process.stderr.write(`A gateway worker failed to start (exit ${code ?? signal}); stopping\n`);
      stopping = true;
      for (const each of Object.values(cluster.workers ?? {})) each?.kill();
      process.exitCode = 1;
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(1);
      return;
    }
    process.stderr.write(`A gateway worker exited (${code ?? signal}); starting another\n`);
    fork();
  });
  const stop = () => {
    stopping = true;
    for (const each of Object.values(cluster.workers ?? {})) each?.process.kill('SIGTERM');
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

const config = configOrExit();
if (config.workers > 1 && cluster.isPrimary) supervise(config);
else await serve(config);
