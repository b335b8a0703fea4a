// `npx tsx bench/webhooks.ts`: the webhook delivery scenario of `make bench` alone, on a small seeded
// database (no 100,000 orders to wait for), with the worker compiled by `npm run build` first. For
// before/after comparisons while optimising the delivery pipeline; `make bench` stays the
// measurement of record. Prints the scenario's JSON, with the CPU share of the worker, PostgreSQL
// and this process (the receiver and the emitting writers) during the burst.
import { execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/database.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { migrateAll } from '../src/db/migrate.js';
import { seedBench } from './seed.js';
import { measureWebhookDelivery } from './webhook-scenario.js';

const env = { SVC_ENCRYPTION_KEY: randomBytes(32).toString('base64'), SVC_JWT_SECRET: randomBytes(32).toString('base64'), SVC_RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'warn' };
const dir = mkdtempSync(path.join(os.tmpdir(), 'svc-webhooks-'));
const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg'), persistent: false, durable: false });
const url = pg.url();
const handle = createDatabase(url);
await migrateAll(handle.db);
const data = await seedBench(handle.db, loadConfig({ ...env, DATABASE_URL: url, SVC_DATA_DIR: dir }), { installations: 500, orders: 1_000, customers: 100, feedEvents: 20 });
execSync('npm run --silent build', { cwd: path.resolve(import.meta.dirname, '..'), stdio: 'inherit' });
try {
  console.log(JSON.stringify(await measureWebhookDelivery({ db: handle.db, url, env, data, dir }), null, 2));
} finally {
  await handle.close();
  await pg.stop();
}
