import { sql } from 'kysely';
import type { Db } from '../src/db/database.js';
import { splitHistory } from '../src/db/partitions.js';
import { headVersion } from './head-version.js';
import { seedEventHistory, seedOrders, seedRequestLog } from './history.js';
import type { BenchData } from './seed.js';

// The history of a platform about a year old, grown onto the bench's database: at full size
// 1,000,000 orders, 20,000 installations (of 1,000 plugins), 5,000,000 events with their
// deliveries, attempts and feed entries, and 2,000,000 API request log entries, the history spread
// over the last `days` days (one more than the retention window, so that the oldest day is due for
// pruning). `scale` shrinks every count (BENCH_GROWTH_SCALE) where the disk or the time is short.

export const GROWTH = {
  orders: 1_000_000,
  installations: 20_000,
  events: 5_000_000,
  requestLog: 2_000_000,
};

export interface GrowthSize {
  orders: number;
  installations: number;
  events: number;
  requestLog: number;
  days: number;
  seedSeconds: number;
}

const count = async (db: Db, table: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db))
    .rows[0]!.n;

export async function growHistory(
  db: Db,
  data: BenchData,
  options: { scale: number; days: number; log: (line: string) => void },
): Promise<GrowthSize> {
  const started = performance.now();
  const target = Object.fromEntries(
    Object.entries(GROWTH).map(([k, v]) => [k, Math.round(v * options.scale)]),
  ) as typeof GROWTH;
  const at = { organizationId: data.organizationId, locationId: data.locationId };
  const orders = target.orders - (await count(db, 'production.orders'));
  if (orders > 0) {
    options.log(`growth: ${orders} more orders`);
    await seedOrders(db, {
      ...at,
      itemIds: [data.itemIds[0]!, data.itemIds[1]!],
      count: orders,
      customers: 1000,
    });
  }
  const more = target.installations - (await count(db, 'control.installations'));
  if (more > 0) {
    options.log(`growth: ${more} more installations of 1,000 plugins`);
    await sql`
      with d as (insert into control.developers (email, name, password_hash) values (${`growth-${Date.now()}@example.com`}, 'Growth', 'x') returning developer_id),
           p as (insert into control.projects (developer_id, name) select developer_id, 'Growth' from d returning project_id),
           pl as (insert into control.plugins (project_id, name, listing_status, webhook_secret_enc, api_version)
                  select project_id, 'Growth plugin ' || g, 'active', 'x', ${headVersion()} from p, generate_series(1, 1000) g returning plugin_id),
           numbered as (select plugin_id, row_number() over (order by plugin_id) - 1 as k from pl)
      insert into control.installations (plugin_id, plane, organization_id, location_id, status, api_key_hash)
      select n.plugin_id, 'production', ${at.organizationId}::int, l.location_id, 'active', encode(sha256(('growth-' || g)::bytea), 'hex')
        from generate_series(1, ${more}::int) g
        join numbered n on n.k = g % 1000
        join lateral (select location_id from production.locations where organization_id = ${at.organizationId}::int order by location_id offset g % 10 limit 1) l on true`.execute(
      db,
    );
  }
  const { rows } = await sql<{
    installation_id: number;
  }>`select installation_id from control.installations order by installation_id`.execute(db);
  const installationIds = rows.map((r) => r.installation_id);
  const perEvents = Math.max(1, Math.round(target.events / installationIds.length));
  const perRequests = Math.max(1, Math.round(target.requestLog / installationIds.length));
  // A year-old platform has a partition per day of its window: the seeded days get theirs too (not the historic one).
  const split = await splitHistory(db, new Date(Date.now() - options.days * 86_400_000));
  options.log(`growth: ${split.length} past daily partitions`);
  const progress = (what: string, total: number) => (n: number) =>
    options.log(`growth: ${what} ${n.toLocaleString('en')} of ${total.toLocaleString('en')}`);
  await seedEventHistory(db, {
    installationIds,
    ...at,
    perInstallation: perEvents,
    days: options.days,
    progress: progress('events', perEvents * installationIds.length),
  });
  await seedRequestLog(db, {
    installationIds,
    perInstallation: perRequests,
    days: options.days,
    progress: progress('request log entries', perRequests * installationIds.length),
  });
  // A year-old platform's history was vacuumed long ago (its pages all-visible, autovacuum done
  // with it). Freshly seeded, autovacuum would take it up while the first scenarios run, and
  // those would measure the seed's aftermath rather than the history.
  options.log('growth: vacuum (analyze)');
  await sql`vacuum (analyze)`.execute(db);
  return {
    orders: await count(db, 'production.orders'),
    installations: installationIds.length,
    events: await count(db, 'control.events'),
    requestLog: await count(db, 'control.api_requests'),
    days: options.days,
    seedSeconds: Math.round((performance.now() - started) / 1000),
  };
}
