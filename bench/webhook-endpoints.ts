import { sql } from 'kysely';
import type { Config } from '../src/config.js';
import type { Db } from '../src/db/database.js';
import type { EventSink } from '../src/domain/webhooks/index.js';
import { encrypt, generateInstallationKey, hashKey } from '../src/lib/secrets.js';
import { headVersion } from './head-version.js';
import type { Receipt } from './receiver.js';
import { ENDPOINTS_COST_TARGET, ORDERING_TARGET, median } from './report.js';
import type { BenchData } from './seed.js';
import { waitFor } from './webhook-support.js';

// A plugin's extra webhook endpoints under load, beside the delivery burst (webhook-scenario.ts),
// with the same worker and receiver. Four plugins, each with 10 installations at a location of its
// own (an event there reaches that plugin only), each round sending the same number of deliveries:
// - `one endpoint`: the listing's endpoint only;
// - `three endpoints`: the listing's endpoint and two extra endpoints (same receiver, other paths),
//   so an event makes 3 deliveries an installation. Cost per delivery, 3 / 1: the one's
//   deliveries/s over the three's (target <= ENDPOINTS_COST_TARGET);
// - `ordering none` and `ordering order`: one extra endpoint with control.webhook_endpoints'
//   ordering 'none' or 'order', the listing's endpoint subscribed to payment.* only (it receives
//   none of these events). Ordering on / off: deliveries/s with over without (target >=
//   ORDERING_TARGET), when no delivery fails.
// The events are an order's life, many orders at once: order.created, then order.status_changed
// twice, each step of an order in a later transaction of its writer than the one before, so an
// order's next event is fanned out while its previous delivery may still be in flight: the case
// that ordering holds. Each round runs the pairs back to back, their order alternating by round;
// a ratio is the median of the per-round ratios. The ordering variants also count the orders
// whose events one installation received out of their order (0 under ordering), and the
// deliveries the fan-out gave an ordering key (webhook_logs.ordering_key, where the service has it):
// 0 keyed means the service does not order yet and both variants measure the same work.

const VARIANTS = ['one endpoint', 'three endpoints', 'ordering none', 'ordering order'] as const;
type VariantName = (typeof VARIANTS)[number];
/** Events per transaction of one writer, and writers at once (as in the burst). */
const BATCH = 20;
const WRITERS = 10;
const INSTALLATIONS = 10;
/** An order's events: order.created, then two status changes. */
const STEPS = 3;

interface Variant {
  name: VariantName;
  endpointsPerEvent: number;
  /** The ordering variants: their receipts are checked for orders received out of order. */
  ordering: boolean;
  locationId: number;
  installationIds: number[];
}

export interface EndpointVariantsOptions {
  db: Db;
  config: Config;
  data: BenchData;
  events: EventSink;
  /** The receiver's origin (https://localhost:port). */
  origin: string;
  /** Every receipt of the receiver is passed to each of these while the variants run. */
  taps: Set<(receipt: Receipt) => void>;
  rounds: number;
  /** Deliveries of each variant a round. */
  deliveries?: number;
}

export async function measureEndpointVariants(options: EndpointVariantsOptions) {
  const { db, taps, rounds } = options;
  const deliveries = options.deliveries ?? 9000;
  const variants = await Promise.all(VARIANTS.map((name) => createVariant(options, name)));
  const byInstallation = new Map<number, Variant>();
  for (const v of variants) for (const id of v.installationIds) byInstallation.set(id, v);
  const received = new Map<VariantName, number>(VARIANTS.map((name) => [name, 0]));
  /** The ordering variants' receipts, in the order received: installation and event. */
  const arrivals: [installationId: number, eventId: string][] = [];
  const tap = ([eventId, , installationId]: Receipt) => {
    const variant = byInstallation.get(installationId);
    if (!variant) return;
    received.set(variant.name, received.get(variant.name)! + 1);
    if (variant.ordering) arrivals.push([installationId, eventId]);
  };
  taps.add(tap);
  const steps = new Map<string, { order: number; step: number }>();
  let nextOrder = 1_000_000;
  const runs: { variant: VariantName; round: number; perSecond: number; afterEmit: number }[] = [];
  try {
    for (let round = 1; round <= rounds; round++) {
      const pairs: VariantName[][] = [
        ['one endpoint', 'three endpoints'],
        ['ordering none', 'ordering order'],
      ];
      for (const pair of pairs)
        for (const name of round % 2 === 1 ? pair : [...pair].reverse()) {
          const variant = variants.find((v) => v.name === name)!;
          const orders = Math.round(
            deliveries / (INSTALLATIONS * variant.endpointsPerEvent * STEPS),
          );
          const target =
            received.get(name)! + orders * STEPS * INSTALLATIONS * variant.endpointsPerEvent;
          const sent = target - received.get(name)!;
          const t0 = performance.now();
          const emitted = await emitOrders(options, variant.locationId, nextOrder, orders);
          for (const [id, s] of emitted) steps.set(id, s);
          nextOrder += orders;
          const emitEnd = performance.now();
          const byEmitEnd = received.get(name)!;
          await waitFor(() => received.get(name)! >= target, 120_000);
          const done = performance.now();
          runs.push({
            variant: name,
            round,
            perSecond: Math.round(sent / ((done - t0) / 1000)),
            afterEmit: Math.round((target - byEmitEnd) / ((done - emitEnd) / 1000)),
          });
          console.log(
            `bench: webhooks, ${name}, round ${round}/${rounds}: ${runs.at(-1)!.perSecond} deliveries/s`,
          );
          await recorded(db, variant.installationIds);
        }
    }
    return await summarize(db, variants, runs, arrivals, steps, deliveries, rounds);
  } finally {
    taps.delete(tap);
    await db
      .updateTable('control.installations')
      .set({ status: 'removed' })
      .where(
        'installation_id',
        'in',
        variants.flatMap((v) => v.installationIds),
      )
      .execute();
  }
}

async function summarize(
  db: Db,
  variants: Variant[],
  runs: { variant: VariantName; round: number; perSecond: number; afterEmit: number }[],
  arrivals: [number, string][],
  steps: Map<string, { order: number; step: number }>,
  deliveries: number,
  rounds: number,
) {
  const of = (name: VariantName) => runs.filter((r) => r.variant === name);
  const ratio = (top: VariantName, bottom: VariantName) => {
    const perRound = of(top).map((r) => ({
      round: r.round,
      ratio:
        Math.round((r.perSecond / of(bottom).find((b) => b.round === r.round)!.perSecond) * 1000) /
        1000,
    }));
    const ratios = perRound.map((p) => p.ratio);
    return {
      median: Math.round(median(ratios) * 1000) / 1000,
      min: Math.min(...ratios),
      max: Math.max(...ratios),
      perRound,
    };
  };
  const summary = Object.fromEntries(
    await Promise.all(
      variants.map(async (v) => {
        const mine = of(v.name);
        return [
          v.name,
          {
            endpointsPerEvent: v.endpointsPerEvent,
            deliveriesPerSecond: Math.round(median(mine.map((r) => r.perSecond))),
            min: Math.min(...mine.map((r) => r.perSecond)),
            max: Math.max(...mine.map((r) => r.perSecond)),
            deliveriesPerSecondAfterEmit: Math.round(median(mine.map((r) => r.afterEmit))),
            ...(await deliveryStates(db, v.installationIds)),
            ...(v.ordering
              ? { ordersOutOfOrder: outOfOrder(arrivals, steps, new Set(v.installationIds)) }
              : {}),
          },
        ] as const;
      }),
    ),
  );
  return {
    deliveriesPerVariantAndRound: deliveries,
    installationsPerVariant: INSTALLATIONS,
    rounds,
    variants: summary,
    /** The one endpoint's deliveries/s over the three's: what a delivery to 3 endpoints costs, per round. */
    costPerDelivery: {
      ...ratio('one endpoint', 'three endpoints'),
      target: ENDPOINTS_COST_TARGET,
    },
    /** Deliveries/s with ordering over without, per round. */
    ordering: { ...ratio('ordering order', 'ordering none'), target: ORDERING_TARGET },
  };
}

/** A plugin for the variant, its endpoints, and INSTALLATIONS installations at a new location. */
async function createVariant(
  { db, config, data, origin }: EndpointVariantsOptions,
  name: VariantName,
): Promise<Variant> {
  const path = name.replace(' ', '-');
  const ordering = name.startsWith('ordering ');
  const secret = encrypt(config.encryptionKey, data.webhookSecret);
  const { project_id } = await db
    .selectFrom('control.projects')
    .select('project_id')
    .executeTakeFirstOrThrow();
  const { plugin_id } = await db
    .insertInto('control.plugins')
    .values({
      project_id,
      name: `Webhook bench, ${name}`,
      listing_status: 'active',
      webhook_endpoint: `${origin}/${path}`,
      webhook_secret_enc: secret,
      api_version: headVersion(),
      // The ordering variants' events go to their extra endpoint only.
      ...(ordering ? { supported_events: ['payment.*'] } : {}),
    })
    .returning('plugin_id')
    .executeTakeFirstOrThrow();
  const extra = name === 'three endpoints' ? [2, 3] : ordering ? [1] : [];
  if (extra.length)
    await db
      .insertInto('control.webhook_endpoints')
      .values(
        extra.map((k) => ({
          plugin_id,
          url: `${origin}/${path}-${k}`,
          secret_enc: secret,
          ordering: name === 'ordering order' ? ('order' as const) : ('none' as const),
        })),
      )
      .execute();
  const {
    rows: [location],
  } = await sql<{ location_id: number }>`
    insert into production.locations (organization_id, name, currency)
    values (${data.organizationId}, ${`Webhook bench, ${name}`}, 'EUR') returning location_id`.execute(
    db,
  );
  const installed = await db
    .insertInto('control.installations')
    .values(
      Array.from({ length: INSTALLATIONS }, () => ({
        plugin_id,
        plane: 'production' as const,
        organization_id: data.organizationId,
        location_id: location!.location_id,
        status: 'active' as const,
        api_key_hash: hashKey(generateInstallationKey()),
      })),
    )
    .returning('installation_id')
    .execute();
  return {
    name,
    endpointsPerEvent: name === 'three endpoints' ? 3 : 1,
    ordering,
    locationId: location!.location_id,
    installationIds: installed.map((i) => i.installation_id),
  };
}

/**
 * `orders` orders' lives at the location, by WRITERS concurrent writers: each takes its share of
 * the orders and emits, step after step, that step of its orders, BATCH events a transaction.
 * Returns each event's order and step.
 */
async function emitOrders(
  { db, data, events }: EndpointVariantsOptions,
  locationId: number,
  firstOrder: number,
  orders: number,
): Promise<Map<string, { order: number; step: number }>> {
  const steps = new Map<string, { order: number; step: number }>();
  const scope = {
    plane: 'production' as const,
    sandboxId: null,
    organizationId: data.organizationId,
    locationId,
  };
  const writer = async (w: number) => {
    const mine = Array.from({ length: orders }, (_, k) => firstOrder + k).filter(
      (_, k) => k % WRITERS === w,
    );
    for (let step = 0; step < STEPS; step++)
      for (let i = 0; i < mine.length; i += BATCH)
        await db.transaction().execute(async (trx) => {
          for (const order of mine.slice(i, i + BATCH)) {
            const ids = { order_id: order, order_number: `BENCH-${order}` };
            const { eventId } =
              step === 0
                ? await events.emit(trx, scope, 'order.created', {
                    ...ids,
                    table_number: null,
                    order_status: 'CREATED',
                    total: '12.50',
                    party_size: 2,
                    created_at: new Date().toISOString(),
                  })
                : await events.emit(trx, scope, 'order.status_changed', {
                    ...ids,
                    old_status: step === 1 ? 'CREATED' : 'COOKING',
                    new_status: step === 1 ? 'COOKING' : 'PREPARED',
                  });
            steps.set(eventId, { order, step });
          }
        });
  };
  await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  return steps;
}

/** Orders of which one installation received a later event before an earlier one. */
function outOfOrder(
  arrivals: [number, string][],
  steps: Map<string, { order: number; step: number }>,
  installations: Set<number>,
): number {
  const last = new Map<string, number>();
  const late = new Set<string>();
  for (const [installationId, eventId] of arrivals) {
    if (!installations.has(installationId)) continue;
    const event = steps.get(eventId);
    if (!event) continue;
    const key = `${installationId}:${event.order}`;
    if ((last.get(key) ?? -1) > event.step) late.add(key);
    last.set(key, Math.max(last.get(key) ?? -1, event.step));
  }
  return late.size;
}

/** Waits (at most 10 s) until every delivery of the installations is recorded: none pending. */
async function recorded(db: Db, installationIds: number[]): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const { rows } = await sql<{ pending: number }>`
      select count(*)::int as pending from control.webhook_logs
       where installation_id = any(${installationIds}::int[]) and status = 'pending'`.execute(db);
    if (rows[0]!.pending === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * The installations' failed attempts (the ratios hold when none failed), and their deliveries the
 * fan-out gave an ordering key (read through to_jsonb: 0, not an error, before the column exists).
 */
async function deliveryStates(db: Db, installationIds: number[]) {
  const { rows } = await sql<{ failedAttempts: number; orderingKeyed: number }>`
    select (select count(*)::int from control.webhook_logs l
              join control.webhook_delivery_attempts a on a.log_id = l.log_id
             where l.installation_id = any(${installationIds}::int[]) and a.status = 'failed') as "failedAttempts",
           (select count(*)::int from control.webhook_logs l
             where l.installation_id = any(${installationIds}::int[])
               and to_jsonb(l) ->> 'ordering_key' is not null) as "orderingKeyed"`.execute(db);
  return rows[0]!;
}
