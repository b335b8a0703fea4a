import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { NotFoundError, ValidationError, dataPlane } from '../shared/index.js';
import { installations } from '../installations/index.js';
import { isCatalogEvent, isSubscribed, type JobQueue } from './delivery/index.js';
import { buildSamplePayload } from './sample-payloads.js';
import type { EventName } from '../../generated/events.generated.js';

// The portal's webhook tester: one real, signed webhook of the chosen event type, built from the
// installation's data plane and sent through the delivery pipeline (same worker, signing, guard,
// retries and log). When it cannot be delivered, a `skipped` log entry says why: the only place
// a skipped entry is written (organic events that are filtered out leave no trace). Aimed at an
// extra endpoint, the entry names it: the pipeline then reads that endpoint's URL, secret and API
// version at send time, as for its organic deliveries.

/** An extra endpoint (control.webhook_endpoints) as the tester judges it. */
export interface TestEndpoint {
  id: number;
  status: 'enabled' | 'disabled';
  events: string[] | null;
}

export interface TestWebhookInput {
  installationId: number;
  event: string;
  /** The extra endpoint to test instead of the listing's webhook_endpoint. */
  endpoint?: TestEndpoint;
}

function endpointSkipReason(endpoint: TestEndpoint, event: EventName): string | null {
  if (endpoint.status !== 'enabled') return `The webhook endpoint ${endpoint.id} is disabled.`;
  if (!isSubscribed(endpoint.events, event))
    return `The webhook endpoint ${endpoint.id} does not select ${event} (its events).`;
  return null;
}

export async function sendTestWebhook(
  db: Db,
  queue: JobQueue,
  config: Config,
  input: TestWebhookInput,
): Promise<{ logId: number }> {
  const event = input.event;
  if (!isCatalogEvent(event))
    throw new ValidationError({ event: [`must be one of the 20 catalog events (got '${event}')`] });
  const found = await installations.installationWithPlugin(db, input.installationId);
  if (!found) throw new NotFoundError('installation');
  const inst = { ...found, trial_days: found.plugin.trial_days };
  const { webhook_endpoint, webhook_secret_enc, supported_events } = found.plugin;

  const endpointId = input.endpoint?.id ?? null;
  const skipReason =
    inst.status !== 'active'
      ? `Installation is not active (status ${inst.status}).`
      : input.endpoint
        ? endpointSkipReason(input.endpoint, event)
        : !webhook_endpoint
          ? 'The plugin has no webhook_endpoint.'
          : !webhook_secret_enc
            ? 'The plugin has no webhook secret.'
            : !isSubscribed(supported_events, event)
              ? `The plugin is not subscribed to ${event} (supported_events).`
              : null;
  if (skipReason) {
    const row = await db
      .insertInto('control.webhook_logs')
      .values({
        installation_id: inst.installation_id,
        direction: 'outbound',
        event_type: event,
        status: 'skipped',
        error_message: skipReason,
        attempts: 0,
        webhook_endpoint_id: endpointId,
      })
      .returning('log_id')
      .executeTakeFirstOrThrow();
    return { logId: row.log_id };
  }

  const schema = inst.plane === 'production' ? 'production' : inst.sandbox?.schema_name;
  const data = dataPlane(db, schema ?? 'production');
  const payload = await buildSamplePayload(data, inst, event, config.sandboxIdleDays);
  return db.transaction().execute(async (trx) => {
    const row = await trx
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
        webhook_endpoint_id: endpointId,
      })
      .returning('log_id')
      .executeTakeFirstOrThrow();
    await queue.enqueueDeliveries(trx, [{ logId: row.log_id, attempt: 1 }]);
    return { logId: row.log_id };
  });
}
