// The developer tools beside `make bench` (ab.ts, profile.ts, webhooks.ts) start the same way: an
// embedded PostgreSQL in a temporary folder, migrated and seeded to the size each asks for, with
// the environment the service runs under in the bench.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadConfig } from '../src/config.js';
import { createDatabase } from '../src/db/database.js';
import { startEmbeddedPostgres } from '../src/db/embedded.js';
import { migrateAll } from '../src/db/migrate.js';
import { seedBench, type BenchData } from './seed.js';

export async function seededDatabase(
  name: string,
  size: Parameters<typeof seedBench>[2],
  options: { statementStats?: boolean } = {},
) {
  const env = {
    SVC_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SVC_JWT_SECRET: randomBytes(32).toString('base64'),
    SVC_RATE_LIMIT_PER_MINUTE: '1000000',
    LOG_LEVEL: 'warn',
  };
  const dir = mkdtempSync(path.join(os.tmpdir(), `svc-${name}-`));
  const pg = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    persistent: false,
    durable: false,
    statementStats: options.statementStats,
  });
  const url = pg.url();
  const handle = createDatabase(url);
  await migrateAll(handle.db);
  const data: BenchData = await seedBench(
    handle.db,
    loadConfig({ ...env, DATABASE_URL: url, SVC_DATA_DIR: dir }),
    size,
  );
  return {
    env,
    dir,
    url,
    db: handle.db,
    data,
    stop: async () => {
      await handle.close();
      await pg.stop();
    },
  };
}
