import { sql, type Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { DataPlaneSchema } from '../../db/types.js';
import { NotFoundError, ValidationError } from '../shared/index.js';
import type { JobQueue } from '../../jobs/boss.js';
import { currentJobQueue } from './fanout.js';
import { buildSamplePayload, type TesterInstallation } from './sample-payloads.js';
import { webhooksDb } from './store.js';
import { isCatalogEvent, isSubscribed } from './subscriptions.js';

// The portal's webhook tester: one real, signed webhook of the chosen event type, built from the
// installation's data plane and sent through the delivery pipeline (same worker, signing, guard,
// retries and log). When it cannot be delivered, a `skipped` log entry says why: the only place
// a skipped entry is written (organic events that are filtered out leave no trace).

export interface TestWebhookInput {
  installationId: number;
  event: string;
}

interface Row extends TesterInstallation {
  status: string;
  plane: 'production' | 'sandbox';
  webhook_endpoint: string | null;
  webhook_secret_enc: string | null;
  supported_events: string[] | null;
}

export async function sendTestWebhook(db: Db, config: Config, input: TestWebhookInput, queue: JobQueue | null = currentJobQueue()): Promise<{ logId: number }> {
  const event = input.event;
  if (!isCatalogEvent(event)) throw new ValidationError({ event: [`must be one of the 20 catalog events (got '${event}')`] });
  const inst = await loadInstallation(db, input.installationId);
  if (!inst) throw new NotFoundError('installation');

  const skipReason =
    inst.status !== 'active' ? `Installation is not active (status ${inst.status}).`
      : !inst.webhook_endpoint ? 'The plugin has no webhook_endpoint.'
        : !inst.webhook_secret_enc ? 'The plugin has no webhook secret.'
          : !isSubscribed(inst.supported_events, event) ? `The plugin is not subscribed to ${event} (supported_events).`
            : null;
  const logs = webhooksDb(db);
  if (skipReason) {
    const row = await logs
      .insertInto('control.webhook_logs')
      .values({ installation_id: inst.installation_id, direction: 'outbound', event_type: event, status: 'skipped', error_message: skipReason, attempts: 0 })
      .returning('log_id')
      .executeTakeFirstOrThrow();
    return { logId: row.log_id };
  }
  if (!queue) throw new Error('The job queue is not running in this process: start it (src/jobs/runtime.ts) to send test webhooks.');

  const schema = inst.plane === 'production' ? 'production' : inst.sandbox?.schema_name;
  const data = (db as unknown as Kysely<DataPlaneSchema>).withSchema(schema ?? 'production');
  const payload = await buildSamplePayload(data, inst, event, config.sandboxIdleDays);
  return db.transaction().execute(async (trx) => {
    const row = await webhooksDb(trx)
      .insertInto('control.webhook_logs')
      .values({
        installation_id: inst.installation_id,
        direction: 'outbound',
        event_type: event,
        // A test event has no outbox row: its id is its own, and its payload rides on the entry.
        event_id: sql<string>`gen_random_uuid()`,
        delivery_id: sql<string>`gen_random_uuid()`,
        payload: JSON.stringify(payload),
        status: 'pending',
        attempts: 0,
      })
      .returning('log_id')
      .executeTakeFirstOrThrow();
    await queue.enqueueDeliveries(trx, [{ logId: row.log_id, attempt: 1 }]);
    return { logId: row.log_id };
  });
}

async function loadInstallation(db: Db, installationId: number): Promise<Row | undefined> {
  const { rows } = await sql<Row & { sandbox_id: number | null; sandbox_name: string | null; schema_name: string | null; purpose: string | null; last_accessed_at: Date | null; protected_until: Date | null }>`
    select i.installation_id, i.plugin_id, i.organization_id, i.location_id, i.status, i.plane, i.is_trial, i.trial_ends_at,
           p.trial_days, p.webhook_endpoint, p.webhook_secret_enc, p.supported_events,
           s.sandbox_id, s.name as sandbox_name, s.schema_name, s.purpose, s.last_accessed_at, s.protected_until
      from control.installations i
      join control.plugins p on p.plugin_id = i.plugin_id
      left join control.sandboxes s on s.sandbox_id = i.sandbox_id
     where i.installation_id = ${installationId}`.execute(db);
  const r = rows[0];
  if (!r) return undefined;
  const sandbox = r.sandbox_id === null
    ? null
    : { sandbox_id: r.sandbox_id, name: r.sandbox_name!, schema_name: r.schema_name!, purpose: r.purpose!, last_accessed_at: r.last_accessed_at!, protected_until: r.protected_until };
  return { ...r, sandbox };
}
