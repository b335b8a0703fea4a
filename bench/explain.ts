import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Database } from '../src/db/types.js';
import { admitInstallation } from '../src/domain/installations/access.js';
import { listVisibleCustomers } from '../src/domain/restaurants/customers.js';
import { listIngredients } from '../src/domain/inventory/inventory.js';
import { listMenu } from '../src/domain/menu/menu.js';
import { listOrders } from '../src/domain/orders/orders.js';
import type { Page } from '../src/domain/shared/pagination.js';
import { listEvents, type EventSink } from '../src/domain/webhooks/index.js';

/** The plans explained here are reads: nothing may emit. */
const READ_ONLY: EventSink = {
  emit: () => Promise.reject(new Error('the EXPLAIN report only reads')),
};

export interface PlanReport {
  endpoint: string;
  query: string;
  plan: string;
  usesIndex: boolean;
  seqScans: string[];
}

/**
 * Runs each list endpoint's own domain function (first page and a deep page) with query logging
 * on, then EXPLAINs exactly the SQL it issued: the plans are those of the code, not of a copy.
 */
export async function explainListQueries(
  connectionString: string,
  apiKey: string,
): Promise<PlanReport[]> {
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString, max: 2 });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query' && /^\s*select/i.test(event.query.sql))
        captured.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  });
  const reports: PlanReport[] = [];
  const explainCaptured = async (endpoint: string): Promise<PlanReport[]> => {
    const out: PlanReport[] = [];
    for (const query of captured) {
      const { rows } = await pool.query(`explain ${query.sql}`, query.parameters as unknown[]);
      const plan = rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
      const seqScans = [...plan.matchAll(/Seq Scan on (\S+)/g)].map((m) => m[1]!);
      out.push({ endpoint, query: query.sql, plan, usesIndex: /Index/.test(plan), seqScans });
    }
    return out;
  };
  try {
    const { auth: ctx } = await admitInstallation(db, READ_ONLY, apiKey, {
      perMinute: 1_000_000_000,
    });
    const lists: [string, (cursor?: string) => Promise<Page<unknown>>][] = [
      ['GET /orders', (cursor) => listOrders(ctx, { limit: 50, cursor })],
      ['GET /customers', (cursor) => listVisibleCustomers(ctx, { limit: 50, cursor })],
      [
        'GET /customers?search=',
        (cursor) => listVisibleCustomers(ctx, { limit: 50, cursor, search: 'customer77' }),
      ],
      ['GET /menu', (cursor) => listMenu(ctx, { limit: 50, cursor, availableOnly: true })],
      ['GET /inventory', (cursor) => listIngredients(ctx, { limit: 50, cursor })],
    ];
    for (const [endpoint, list] of lists) {
      // Walk 20 pages so that the last plan is the one for a deep cursor.
      let cursor: string | undefined;
      for (let page = 0; page < 20; page++) {
        captured.length = 0;
        const result = await list(cursor);
        cursor = result.meta.next_cursor ?? undefined;
        if (!cursor) break;
      }
      reports.push(...(await explainCaptured(endpoint)));
    }
    // The events feed: a page from the middle of the installation's history (its tables are partitioned by day).
    captured.length = 0;
    await listEvents(db, ctx.installationId, { after: 100, limit: 50 });
    reports.push(...(await explainCaptured('GET /events')));
  } finally {
    await db.destroy();
  }
  return reports;
}
