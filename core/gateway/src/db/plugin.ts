import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { DatabaseConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from './database.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open, migrated database (only with accounts on). */
    database: DatabaseHandle;
  }
}

/**
 * Open the database (`DATABASE_URL`, else PGlite in `DATA_DIR`, locked to this process), apply the
 * migrations, close it with the gateway.
 */
const databasePlugin: FastifyPluginAsync<{ database: DatabaseConfig }> = async (app, options) => {
  const { url, dataDir } = options.database;
  app.log.info(
    url
      ? 'opening the PostgreSQL database of DATABASE_URL'
      : `opening the embedded database in ${dataDir} (its first start takes a few seconds)`,
  );
  const handle = await openDatabase(options.database);
  try {
    await handle.migrate();
  } catch (error) {
    await handle.close();
    throw error;
  }
  app.decorate('database', handle);
  app.addHook('onClose', () => handle.close());
};

export default fp(databasePlugin, { name: 'database', fastify: '5.x' });
