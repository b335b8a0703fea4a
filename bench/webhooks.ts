// `npx tsx bench/webhooks.ts`: the webhook delivery scenario of `make bench` alone, on a small seeded
// database (no 100,000 orders to wait for), with the worker compiled by `npm run build` first. For
// before/after comparisons while optimising the delivery pipeline; `make bench` stays the
// measurement of record. Prints the scenario's JSON, with the CPU share of the worker, PostgreSQL
// and this process (the receiver and the emitting writers) during the burst.
import { execSync } from 'node:child_process';
import path from 'node:path';
import { seededDatabase } from './dev-database.js';
import { measureWebhookDelivery } from './webhook-scenario.js';

const database = await seededDatabase('webhooks', { installations: 500, orders: 1_000, customers: 100, feedEvents: 20 });
execSync('npm run --silent build', { cwd: path.resolve(import.meta.dirname, '..'), stdio: 'inherit' });
try {
  console.log(JSON.stringify(await measureWebhookDelivery(database), null, 2));
} finally {
  await database.stop();
}
