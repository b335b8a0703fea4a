import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../../db/types.js';

/** An installation's webhook state row (control.installation_webhook_state) as its lockers read it. */
export interface LockedState {
  installation_id: number;
  last_sequence: number;
  consecutive_failures: number;
}

/**
 * Locks the webhook state rows of these installations until the transaction ends, creating the
 * missing ones (of installations that still exist). Always in installation id order, the one order
 * every locker uses (fan-out, delivery health, replay starts), so that they never deadlock.
 */
export async function lockInstallationStates(
  trx: Transaction<Database>,
  installationIds: number[],
): Promise<LockedState[]> {
  const ids = [...new Set(installationIds)].sort((a, b) => a - b);
  await sql`
    insert into control.installation_webhook_state (installation_id)
    select i.installation_id from control.installations i where i.installation_id = any(${ids}::int[])
     order by i.installation_id
    on conflict (installation_id) do nothing`.execute(trx);
  const { rows } = await sql<LockedState>`
    select installation_id, last_sequence, consecutive_failures from control.installation_webhook_state
     where installation_id = any(${ids}::int[]) order by installation_id for no key update`.execute(
    trx,
  );
  return rows;
}

/**
 * Notes, in the transaction that makes them, that the installation has redelivery or replay
 * deliveries (kept from the first one on): the acknowledgement looks for pending ones only from
 * then (events-feed.ts). The row exists: a delivery to redeliver or an event to replay was fanned out.
 */
export async function markResent(
  trx: Transaction<Database> | Kysely<Database>,
  installationId: number,
): Promise<void> {
  await sql`update control.installation_webhook_state set resent_at = coalesce(resent_at, now()) where installation_id = ${installationId}`.execute(
    trx,
  );
}
