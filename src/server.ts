import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { createDatabase, type DatabaseHandle } from './db/database.js';
import { startEmbeddedPostgres, type EmbeddedServer } from './db/embedded.js';
import { migrateAll } from './db/migrate.js';
import type { Logger } from './logger.js';

export interface Runtime {
  database: DatabaseHandle;
  /** The connection string in use (pg-boss opens its own pool on it). */
  url: string;
  embedded?: EmbeddedServer;
  stop(): Promise<void>;
}

/** Connects to DATABASE_URL, or starts the embedded PostgreSQL under SVC_DATA_DIR, and migrates. */
export async function openDatabase(config: Config, logger: Logger): Promise<Runtime> {
  let embedded: EmbeddedServer | undefined;
  let url = config.databaseUrl;
  if (!url) {
    logger.info({ dataDir: config.dataDir }, 'DATABASE_URL is unset: starting the embedded PostgreSQL');
    embedded = await startEmbeddedPostgres({ dataDir: path.join(config.dataDir, 'postgres'), persistent: true });
    url = embedded.url();
  }
  const database = createDatabase(url, { max: config.databasePoolSize });
  await migrateAll(database.db);
  return {
    database,
    url,
    embedded,
    stop: async () => {
      await database.close();
      await embedded?.stop();
    },
  };
}

export async function listen(config: Config, runtime: Runtime, logger: Logger): Promise<{ server: http.Server; port: number }> {
  const app = await createApp(config, { db: runtime.database.db, logger });
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  return { server, port: (server.address() as AddressInfo).port };
}
