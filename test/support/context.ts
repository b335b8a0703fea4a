import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import type { Express } from 'express';
import { sql } from 'kysely';
import supertest from 'supertest';
import { createApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import { createDatabase, type DatabaseHandle, type Db } from '../../src/db/database.js';
import { createLogger, type Logger } from '../../src/logger.js';
import { TEMPLATE_DB, withDatabase } from './test-db.js';

export interface TestContext {
  config: Config;
  db: Db;
  app: Express;
  logger: Logger;
  /** Every log line the app wrote, as raw JSON text. */
  logs: string[];
  request: () => ReturnType<typeof supertest>;
  /** Another app instance on the same database (a second process, as far as state goes). */
  newApp(overrides?: Record<string, string>): Promise<Express>;
  close(): Promise<void>;
}

export const TEST_ENV: Record<string, string> = {
  SVC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  SVC_JWT_SECRET: randomBytes(32).toString('base64'),
  LOG_LEVEL: 'info',
  SVC_DATA_DIR: '/nonexistent-test-data-dir',
};

/** A fresh database cloned from the migrated template, and an app on it. One per test file. */
export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const adminUrl = process.env.SVC_TEST_ADMIN_URL;
  if (!adminUrl) throw new Error('SVC_TEST_ADMIN_URL is unset: run the tests through jest (globalSetup)');
  const name = `svc_test_${randomBytes(6).toString('hex')}`;
  const admin = createDatabase(adminUrl, { max: 1 });
  await sql`create database ${sql.id(name)} template ${sql.id(TEMPLATE_DB)}`.execute(admin.db);
  const databaseUrl = withDatabase(adminUrl, name);
  const handle: DatabaseHandle = createDatabase(databaseUrl);
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const makeConfig = (overrides: Record<string, string> = {}) =>
    loadConfig({ ...TEST_ENV, DATABASE_URL: databaseUrl, PORT: '0', ...env, ...overrides });
  const config = makeConfig();
  const logger = createLogger(config.logLevel, sink);
  const app = await createApp(config, { db: handle.db, logger });
  const extra: DatabaseHandle[] = [];
  return {
    config,
    db: handle.db,
    app,
    logger,
    logs,
    request: () => supertest(app),
    newApp: async (overrides) => {
      const other = createDatabase(databaseUrl);
      extra.push(other);
      return createApp(makeConfig(overrides), { db: other.db, logger });
    },
    close: async () => {
      for (const h of extra) await h.close();
      await handle.close();
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
      await admin.close();
    },
  };
}
