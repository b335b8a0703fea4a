import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { DomainError, ValidationError } from '../../shared/index.js';

/**
 * Records the local answer a listener reported for a delivery handed to it (security review 3,
 * finding 11): a sandbox's outbound delivery whose last attempt went to "svc listen", or one still
 * pending without an attempt while a listener streams its sandbox (a listener can forward before
 * the worker records; the worker applies such a report only if it hands the delivery to the
 * listener). A local non-2xx (or 0: unreachable) makes it `failed`, as an endpoint's answer would:
 * replays of failed deliveries and the health count it. One report per delivery: the same report
 * again (a client retry) changes nothing; a different one is a conflict.
 */
export async function recordListenerResult(
  db: Db,
  logId: number,
  status: number,
  durationMs: number,
): Promise<void> {
  if (!Number.isInteger(status) || status < 0 || status > 999)
    throw new ValidationError({
      status: ['must be an HTTP status code, or 0 when the local endpoint could not be reached'],
    });
  if (!Number.isInteger(durationMs) || durationMs < 0)
    throw new ValidationError({
      durationMs: ['must be a whole number of milliseconds, 0 or more'],
    });
  const failed = status < 200 || status > 299;
  const { rows } = await sql<{
    reported: boolean;
    listener_http_status: number | null;
    listener_duration_ms: number | null;
  }>`
    with target as (
      select l.log_id, l.listener_http_status, l.listener_duration_ms,
             (exists (select 1 from control.webhook_delivery_attempts a
                       where a.log_id = l.log_id and a.attempt = l.attempts and a.remote_address = 'svc listen')
              or (l.status = 'pending' and l.attempts = 0
                  and exists (select 1 from control.webhook_listeners wl where wl.sandbox_id = i.sandbox_id and wl.expires_at > now()))) as to_listener
        from control.webhook_logs l
        join control.installations i on i.installation_id = l.installation_id
       where l.log_id = ${logId} and i.sandbox_id is not null and l.direction = 'outbound'
    ), reported as (
      update control.webhook_logs l
         set listener_http_status = ${status}, listener_duration_ms = ${durationMs}, updated_at = now(),
             status = case when ${failed}::boolean and l.status = 'delivered' then 'failed' else l.status end
        from target
       where l.log_id = target.log_id and target.to_listener and l.listener_http_status is null
      returning l.log_id
    )
    select exists (select 1 from reported) as reported, listener_http_status, listener_duration_ms from target where to_listener`.execute(
    db,
  );
  const row = rows[0];
  if (!row)
    throw new ValidationError({
      logId: [
        'is not a delivery handed to svc listen: only a sandbox delivery whose last attempt went to the listener takes its answer',
      ],
    });
  if (
    row.reported ||
    (row.listener_http_status === status && row.listener_duration_ms === durationMs)
  )
    return;
  throw new DomainError(
    'conflict',
    `The local answer of this delivery was already reported (${row.listener_http_status}, ${row.listener_duration_ms} ms); a delivery takes one report.`,
  );
}
