import { join } from 'node:path';
import { buildApp, REPO_ROOT } from './app.js';
import { ConfigError, loadConfig, readEnvironment } from './config.js';
import { DataDirInUseError } from './db/lock.js';

/**
 * Start the gateway from the environment; exits with one readable line on bad configuration or
 * when another process holds `DATA_DIR`.
 */
async function main(): Promise<void> {
  let app;
  try {
    const config = loadConfig(readEnvironment(process.env), {
      webRoot: join(REPO_ROOT, 'web', 'dist'),
    });
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

await main();
