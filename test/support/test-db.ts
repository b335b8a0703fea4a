import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { startEmbeddedPostgres, type EmbeddedServer } from '../../src/db/embedded.js';
import { createDatabase } from '../../src/db/database.js';
import { migrateAll } from '../../src/db/migrate.js';
import { startBoss } from '../../src/jobs/boss.js';
import { createLogger } from '../../src/logger.js';

export const TEMPLATE_DB = 'svc_test_template';

/**
 * One embedded PostgreSQL per `make test` run (or the server in TEST_DATABASE_URL), and one
 * migrated template database that every test file clones (see test/support/context.ts).
 */
export async function prepareTestDatabase(): Promise<void> {
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-test-pg-'));
    const server = await startEmbeddedPostgres({ dataDir: dir, persistent: false, durable: false });
    (globalThis as { __svcPg?: EmbeddedServer }).__svcPg = server;
    adminUrl = server.url('postgres');
  }
  const admin = createDatabase(adminUrl, { max: 1 });
  await sql`drop database if exists ${sql.id(TEMPLATE_DB)}`.execute(admin.db);
  await sql`create database ${sql.id(TEMPLATE_DB)}`.execute(admin.db);
  await admin.close();

  const templateUrl = withDatabase(adminUrl, TEMPLATE_DB);
  const template = createDatabase(templateUrl, { max: 1 });
  await migrateAll(template.db);
  await template.close();
  // pg-boss's schema and queues too: every test app starts a job queue, and a clone that has them
  // starts it without installing anything.
  const boss = await startBoss({
    connectionString: templateUrl,
    logger: createLogger('silent'),
    supervise: false,
    max: 1,
  });
  await boss.stop({ graceful: false, close: true });
  process.env.SVC_TEST_ADMIN_URL = adminUrl;
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
