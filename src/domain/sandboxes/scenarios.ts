import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { InstallationContext } from '../installations/index.js';
import { patchMenuItem } from '../menu/index.js';
import {
  createPosOrder,
  remainingMinor,
  updateOrder,
  type OrderLineInput,
  type OrderRow,
} from '../orders/index.js';
import { recordFailedPayment, recordPosSale, refundPayment } from '../payments/index.js';
import { recordStockMovement } from '../inventory/index.js';
import { sandboxSite, type RestaurantSite } from '../restaurants/index.js';
import { DomainError, NotFoundError, ValidationError, dataPlane } from '../shared/index.js';
import type { EventSink, JobQueue } from '../webhooks/index.js';
import { SCENARIO_RUN_COLUMNS, qualified } from '../../db/columns.js';

// Restaurant scenarios in a developer's sandbox (runScenario): a plan of steps made when the run
// starts, played over the run's minutes by chained jobs, each step through the same domain
// functions as the point of sale (simulate*) and the Data API, so every event is a real one. The
// plan and the run's progress are in control.scenario_runs; one run at a time per sandbox (a
// unique index on the running ones).

export const SCENARIO_KINDS = [
  'LUNCH_RUSH',
  'SPLIT_BILL',
  'CARD_DECLINED',
  'ITEM_86',
  'STOCK_DEPLETION',
  'END_OF_DAY',
] as const;
export type ScenarioKind = (typeof SCENARIO_KINDS)[number];

/** One step of a plan. Orders are named by `ref` (the run's state maps it to the order id). */
export type Step =
  | {
      op: 'order';
      ref: string;
      orderType: 'dine_in' | 'takeaway';
      items: { item_id: number; quantity: number }[];
      tableNumber: string | null;
      partySize: number | null;
    }
  | {
      op: 'status';
      ref: string;
      status: 'in_progress' | 'ready' | 'completed' | 'cancelled';
      reason?: string;
    }
  | { op: 'pay'; ref: string; share?: { part: number; of: number }; method: 'card' | 'cash' }
  | { op: 'decline'; ref: string; error: string }
  | { op: 'refund'; ref: string; reason: string }
  | { op: 'availability'; itemId: number; available: boolean }
  | {
      op: 'stock';
      ingredientId: number;
      delta: string;
      reason: 'consumed' | 'received';
      note: string;
    };

export interface ScenarioRunRow {
  run_id: number;
  sandbox_id: number;
  kind: ScenarioKind;
  status: 'running' | 'completed' | 'cancelled' | 'failed';
  minutes: number;
  plan: Step[];
  steps_total: number;
  steps_done: number;
  events_emitted: number;
  state: RunState;
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
}

interface RunState {
  orders?: Record<string, number>;
  sales?: Record<string, number>;
}

export interface ScenarioDeps {
  db: Db;
  events: EventSink;
  queue: JobQueue;
  /** How much faster than its minutes a run plays (SVC_SCENARIO_SPEED; 1 in production). */
  speed: number;
  /** Told when the next step's job is queued to start `delaySeconds` later (the worker wakes itself then). */
  onStepScheduled?: (delaySeconds: number) => void;
}

/** Steps one job runs at most before it queues the next (a long backlog is played in slices). */
const STEPS_PER_JOB = 50;

/** Starts a run: the plan is made from the sandbox's own data, the first job queued in the same transaction. */
export async function startScenario(
  deps: ScenarioDeps,
  developerId: number,
  sandboxId: number,
  kind: ScenarioKind,
  minutes: number,
): Promise<ScenarioRunRow> {
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 60)
    throw new ValidationError({ minutes: ['must be an integer from 1 to 60'] });
  const site = await sandboxSite(deps.db, deps.events, developerId, sandboxId);
  const plan = await planScenario(site, kind, minutes);
  return deps.db.transaction().execute(async (trx) => {
    const running = await trx
      .selectFrom('control.scenario_runs')
      .select('run_id')
      .where('sandbox_id', '=', sandboxId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    if (running)
      throw new DomainError(
        'conflict',
        `Scenario run ${running.run_id} is still running in this sandbox: wait for it or cancel it (cancelScenario).`,
      );
    const row = await trx
      .insertInto('control.scenario_runs')
      .values({
        sandbox_id: sandboxId,
        kind,
        minutes,
        plan: JSON.stringify(plan),
        steps_total: plan.length,
      })
      .returning(SCENARIO_RUN_COLUMNS)
      .executeTakeFirstOrThrow()
      .catch((err: { code?: string }) => {
        // Two starts at once: the unique index on running runs lets one through.
        if (err.code === '23505')
          throw new DomainError(
            'conflict',
            'Another scenario run started in this sandbox at the same moment: wait for it or cancel it.',
          );
        throw err;
      });
    await deps.queue.sendScenarioStep(trx, { runId: row.run_id }, 0);
    return row as unknown as ScenarioRunRow;
  });
}

/** A run of one of the developer's sandboxes (anyone else's: not found). */
export async function getScenarioRun(
  db: Db,
  developerId: number,
  runId: number,
): Promise<ScenarioRunRow> {
  const row = await db
    .selectFrom('control.scenario_runs as r')
    .innerJoin('control.sandboxes as s', 's.sandbox_id', 'r.sandbox_id')
    .select(qualified('r', SCENARIO_RUN_COLUMNS))
    .where('r.run_id', '=', runId)
    .where('s.developer_id', '=', developerId)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('scenario_run');
  return row as unknown as ScenarioRunRow;
}

export async function cancelScenario(
  db: Db,
  developerId: number,
  runId: number,
): Promise<ScenarioRunRow> {
  await getScenarioRun(db, developerId, runId);
  await db
    .updateTable('control.scenario_runs')
    .set({ status: 'cancelled', finished_at: sql<Date>`now()` })
    .where('run_id', '=', runId)
    .where('status', '=', 'running')
    .execute();
  return getScenarioRun(db, developerId, runId);
}

/** When step `index` of a run is due, in ms after the start: the plan spread evenly over its minutes. */
export function stepDueMs(index: number, total: number, minutes: number, speed: number): number {
  return total <= 1 ? 0 : (index / (total - 1)) * ((minutes * 60_000) / speed);
}

/**
 * The job: plays the steps that are due, records the progress after each, then queues itself for
 * the next due step or finishes the run. A cancelled run stops here; a failing step fails the run
 * with the step and the reason.
 */
export async function playScenario(deps: ScenarioDeps, runId: number): Promise<void> {
  const row = (await deps.db
    .selectFrom('control.scenario_runs')
    .select(SCENARIO_RUN_COLUMNS)
    .where('run_id', '=', runId)
    .executeTakeFirst()) as unknown as ScenarioRunRow | undefined;
  if (!row || row.status !== 'running') return;
  const sandbox = await deps.db
    .selectFrom('control.sandboxes')
    .select('developer_id')
    .where('sandbox_id', '=', row.sandbox_id)
    .executeTakeFirstOrThrow();
  let emitted = 0;
  const counting: EventSink = {
    emit: (trx, scope, name, data) => {
      emitted += 1;
      return deps.events.emit(trx, scope, name, data);
    },
  };
  const total = row.plan.length;
  const state: RunState = { orders: {}, sales: {}, ...row.state };
  let done = row.steps_done;
  let error: string | null = null;
  try {
    const site = await sandboxSite(deps.db, counting, sandbox.developer_id, row.sandbox_id);
    const acting = await actingInstallation(deps.db, site);
    const elapsed = Date.now() - row.started_at.getTime();
    for (
      let n = 0;
      done < total &&
      n < STEPS_PER_JOB &&
      stepDueMs(done, total, row.minutes, deps.speed) <= elapsed;
      n += 1
    ) {
      const status = await deps.db
        .selectFrom('control.scenario_runs')
        .select('status')
        .where('run_id', '=', runId)
        .executeTakeFirstOrThrow();
      if (status.status !== 'running') return;
      const before = emitted;
      try {
        await playStep(site, acting, state, row.plan[done]!);
      } catch (err) {
        error = `Step ${done + 1} (${row.plan[done]!.op}) failed: ${(err as Error).message}`;
        break;
      }
      done += 1;
      await deps.db
        .updateTable('control.scenario_runs')
        .set({
          steps_done: done,
          events_emitted: sql<number>`events_emitted + ${emitted - before}`,
          state: sql`${JSON.stringify(state)}::jsonb`,
        })
        .where('run_id', '=', runId)
        .execute();
    }
  } catch (err) {
    error = `The run could not go on: ${(err as Error).message}`;
  }
  if (error !== null || done >= total) {
    await deps.db
      .updateTable('control.scenario_runs')
      .set({
        status: error === null ? 'completed' : 'failed',
        error,
        finished_at: sql<Date>`now()`,
      })
      .where('run_id', '=', runId)
      .where('status', '=', 'running')
      .execute();
    return;
  }
  const wait = Math.max(
    0,
    stepDueMs(done, total, row.minutes, deps.speed) - (Date.now() - row.started_at.getTime()),
  );
  await deps.queue.sendScenarioStep(deps.db, { runId }, wait / 1000);
  deps.onStepScheduled?.(wait / 1000);
}

/** The sandbox's installation, acting as the plugin for the steps that are the plugin's (kitchen statuses, 86, stock). */
async function actingInstallation(db: Db, site: RestaurantSite): Promise<InstallationContext> {
  const installation = await db
    .selectFrom('control.installations')
    .select(['installation_id', 'plugin_id'])
    .where('sandbox_id', '=', site.sandboxId)
    .orderBy('installation_id')
    .executeTakeFirstOrThrow();
  return {
    ...site,
    installationId: installation.installation_id,
    pluginId: installation.plugin_id,
    features: [],
    data: dataPlane(db, site.schema),
    webhookSecretEnc: null,
    previousWebhookSecretEnc: null,
    previousSecretExpiresAt: null,
    previousSecretActive: false,
  };
}

async function playStep(
  site: RestaurantSite,
  acting: InstallationContext,
  state: RunState,
  step: Step,
): Promise<void> {
  const orders = (state.orders ??= {});
  const sales = (state.sales ??= {});
  const orderOf = (ref: string) => {
    const id = orders[ref];
    if (id === undefined) throw new Error(`order ${ref} was not created`);
    return String(id);
  };
  switch (step.op) {
    case 'order': {
      const lines: OrderLineInput[] = step.items.map((i) => ({
        item_id: i.item_id,
        quantity: i.quantity,
      }));
      const row = await createPosOrder(site, {
        orderType: step.orderType,
        tableNumber: step.tableNumber,
        partySize: step.partySize,
        items: lines,
      });
      orders[step.ref] = row.order_id;
      return;
    }
    case 'status':
      await updateOrder(acting, orderOf(step.ref), {
        status: step.status,
        ...(step.reason ? { cancellation_reason: step.reason } : {}),
      });
      return;
    case 'pay': {
      const orderId = orderOf(step.ref);
      let amountMinor: number | undefined;
      if (step.share) {
        const order = (await dataPlane(site.db, site.schema)
          .selectFrom('orders')
          .select(['total', 'paid_total'])
          .where('order_id', '=', Number(orderId))
          .executeTakeFirstOrThrow()) as Pick<OrderRow, 'total' | 'paid_total'>;
        const remaining = remainingMinor(order);
        const partsLeft = step.share.of - step.share.part + 1;
        // Every part but the last takes an even share, rounded down; the last takes what is left, to the cent.
        amountMinor = partsLeft === 1 ? remaining : Math.floor(remaining / partsLeft);
      }
      const outcome = await recordPosSale(site, orderId, {
        amountMinor,
        paymentMethod: step.method,
        viaCardProcessor: step.method === 'card',
      });
      sales[step.ref] = outcome.transaction.transaction_id;
      return;
    }
    case 'decline':
      await recordFailedPayment(site, orderOf(step.ref), {
        paymentMethod: 'card',
        error: step.error,
      });
      return;
    case 'refund': {
      const transactionId = sales[step.ref];
      if (transactionId === undefined) throw new Error(`order ${step.ref} has no sale to refund`);
      await refundPayment(site, transactionId, step.reason);
      return;
    }
    case 'availability':
      await patchMenuItem(acting, step.itemId, { is_available: step.available });
      return;
    case 'stock':
      await recordStockMovement(acting, step.ingredientId, {
        delta: String(step.delta),
        reason: step.reason,
        note: step.note,
        location_id: site.locationId,
      });
      return;
  }
}

// ---- plans ----

/** A small deterministic generator (mulberry32), so a plan is varied but reproducible from its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The plan of a run, from the sandbox's menu and stock as they are now. */
export async function planScenario(
  site: RestaurantSite,
  kind: ScenarioKind,
  minutes: number,
): Promise<Step[]> {
  const data = dataPlane(site.db, site.schema);
  const menu = await data
    .selectFrom('menu_items')
    .select(['item_id'])
    .where('location_id', '=', site.locationId)
    .where('is_available', '=', true)
    .where('is_active', '=', true)
    // Items a guest can order without choosing (no customization template with a minimum).
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('menu_item_templates as mt')
            .innerJoin('customization_templates as ct', 'ct.template_id', 'mt.template_id')
            .select('mt.template_id')
            .whereRef('mt.item_id', '=', 'menu_items.item_id')
            .where('ct.min_select', '>', 0),
        ),
      ),
    )
    .orderBy('item_id')
    .execute();
  const rand = random(
    (site.sandboxId ?? 0) * 7919 + minutes * 104_729 + SCENARIO_KINDS.indexOf(kind),
  );
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const itemsOf = (): { item_id: number; quantity: number }[] => {
    const count = 1 + Math.floor(rand() * 3);
    return Array.from({ length: count }, () => ({
      item_id: pick(menu).item_id,
      quantity: 1 + Math.floor(rand() * 2),
    }));
  };
  const order = (ref: string): Step => {
    const dineIn = rand() < 0.6;
    return {
      op: 'order',
      ref,
      orderType: dineIn ? 'dine_in' : 'takeaway',
      items: itemsOf(),
      tableNumber: dineIn ? String(1 + Math.floor(rand() * 30)) : null,
      partySize: dineIn ? 1 + Math.floor(rand() * 5) : null,
    };
  };
  const needMenu = kind !== 'STOCK_DEPLETION';
  if (needMenu && menu.length === 0)
    throw new ValidationError({
      sandboxId: [
        'the sandbox has no available menu item: reset it (resetSandbox) to restore the demo menu',
      ],
    });
  const scale = Math.max(1, Math.round(minutes / 5));

  switch (kind) {
    case 'LUNCH_RUSH': {
      // Orders arrive in waves; each goes through the kitchen and is paid, one in eight cancelled.
      const count = 8 * minutes;
      const steps: Step[] = [];
      const tails: Step[][] = [];
      for (let i = 0; i < count; i += 1) {
        const ref = `o${i + 1}`;
        steps.push(order(ref));
        const tail: Step[] = [{ op: 'status', ref, status: 'in_progress' }];
        if (i % 8 === 7)
          tail.push({
            op: 'status',
            ref,
            status: 'cancelled',
            reason: pick([
              'Guest left before the food arrived',
              'Kitchen out of an ingredient',
              'Duplicate order at the till',
            ]),
          });
        else
          tail.push(
            { op: 'status', ref, status: 'ready' },
            { op: 'pay', ref, method: rand() < 0.7 ? 'card' : 'cash' },
          );
        tails.push(tail);
        // The kitchen works through earlier orders while new ones come in.
        if (i >= 2) steps.push(...tails.shift()!);
      }
      for (const tail of tails) steps.push(...tail);
      return steps;
    }
    case 'SPLIT_BILL': {
      const steps: Step[] = [];
      for (let i = 0; i < 3 * scale; i += 1) {
        const ref = `o${i + 1}`;
        steps.push(
          order(ref),
          { op: 'status', ref, status: 'in_progress' },
          { op: 'status', ref, status: 'ready' },
        );
        const of = 2 + (i % 3);
        for (let part = 1; part <= of; part += 1)
          steps.push({
            op: 'pay',
            ref,
            share: { part, of },
            method: part % 2 === 0 ? 'cash' : 'card',
          });
      }
      return steps;
    }
    case 'CARD_DECLINED': {
      const steps: Step[] = [];
      const reasons = [
        'card_declined: insufficient funds',
        'card_declined: expired card',
        'card_declined: do not honor',
      ];
      for (let i = 0; i < 3 * scale; i += 1) {
        const ref = `o${i + 1}`;
        steps.push(order(ref));
        for (let d = 0; d <= i % 2; d += 1)
          steps.push({ op: 'decline', ref, error: pick(reasons) });
        steps.push({ op: 'pay', ref, method: 'card' });
      }
      return steps;
    }
    case 'ITEM_86': {
      const item = pick(menu).item_id;
      const others = menu.filter((m) => m.item_id !== item);
      const steps: Step[] = [
        {
          op: 'order',
          ref: 'before',
          orderType: 'takeaway',
          items: [{ item_id: item, quantity: 1 }],
          tableNumber: null,
          partySize: null,
        },
        { op: 'availability', itemId: item, available: false },
      ];
      for (let i = 0; i < 2 * scale && others.length > 0; i += 1)
        steps.push({
          op: 'order',
          ref: `o${i + 1}`,
          orderType: 'takeaway',
          items: [{ item_id: pick(others).item_id, quantity: 1 }],
          tableNumber: null,
          partySize: null,
        });
      steps.push({ op: 'availability', itemId: item, available: true });
      return steps;
    }
    case 'STOCK_DEPLETION': {
      // An ingredient well above its reorder point, with no alert open: used down through the
      // point in a few movements, then restocked to its par level: one low_stock, one resolved.
      const level = await data
        .selectFrom('stock_levels')
        .select(['ingredient_id', 'on_hand', 'reorder_point', 'par_level'])
        .where('location_id', '=', site.locationId)
        .where('low_stock_alert_open', '=', false)
        .where(sql<boolean>`on_hand > reorder_point`)
        .where(sql<boolean>`reorder_point > 0`)
        .orderBy('ingredient_id')
        .executeTakeFirst();
      if (!level)
        throw new ValidationError({
          sandboxId: [
            'no ingredient of the sandbox is above its reorder point without an open alert: reset the sandbox (resetSandbox)',
          ],
        });
      const onHand = Number(level.on_hand);
      const reorder = Number(level.reorder_point);
      const target = reorder / 2;
      const moves = 4 * scale;
      const used = (onHand - target) / moves;
      const steps: Step[] = [];
      let left = onHand;
      for (let i = 0; i < moves; i += 1) {
        const delta = i === moves - 1 ? -(left - target) : -used;
        left += delta;
        steps.push({
          op: 'stock',
          ingredientId: level.ingredient_id,
          delta: delta.toFixed(4),
          reason: 'consumed',
          note: `Service ${i + 1} of ${moves}`,
        });
      }
      const par = Math.max(Number(level.par_level), reorder * 2);
      steps.push({
        op: 'stock',
        ingredientId: level.ingredient_id,
        delta: (par - target).toFixed(4),
        reason: 'received',
        note: 'Supplier delivery',
      });
      return steps;
    }
    case 'END_OF_DAY': {
      const steps: Step[] = [];
      const count = 4 * scale;
      for (let i = 0; i < count; i += 1) {
        const ref = `o${i + 1}`;
        steps.push(
          order(ref),
          { op: 'status', ref, status: 'in_progress' },
          { op: 'status', ref, status: 'ready' },
          { op: 'status', ref, status: 'completed' },
          { op: 'pay', ref, method: 'card' },
        );
      }
      for (let i = 0; i < Math.max(1, Math.floor(count / 4)); i += 1)
        steps.push({
          op: 'refund',
          ref: `o${i * 4 + 1}`,
          reason: 'Guest complaint: refunded at closing',
        });
      return steps;
    }
  }
}
