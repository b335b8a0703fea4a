import { sql, type Transaction } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { assertSchemaName } from '../../db/migrate.js';
import type { Database } from '../../db/types.js';
import type { EventSink } from '../webhooks/index.js';
import { installations } from '../installations/index.js';
import { ValidationError } from '../shared/index.js';
import { SANDBOX_COLUMNS } from '../../db/columns.js';

// Idle expiry of sandboxes. A sandbox expires `sandboxIdleDays` after its installation key was last
// used, never before its protection window ends, and never less than 7 days after the warning
// for that deadline was sent: a sweep that missed the warning window postpones the drop rather
// than dropping unannounced.

export const EXPIRY_WARNING_DAYS = 7;
const DAY_MS = 86_400_000;
const WARNING_MS = EXPIRY_WARNING_DAYS * DAY_MS;

export const EXPIRY_ACTION =
  "Call any Data API endpoint with this sandbox's installation key, or run protectSandbox in the developer portal, to keep it.";

export interface ExpiryClock {
  last_accessed_at: Date;
  protected_until: Date | null;
  expiry_warning_sent_at: Date | null;
}

/** The idle deadline: the idle period after the last use, or the end of protection if later. */
export function idleDeadline(row: ExpiryClock, idleDays: number): Date {
  const idle = row.last_accessed_at.getTime() + idleDays * DAY_MS;
  return new Date(Math.max(idle, row.protected_until?.getTime() ?? 0));
}

/** When the warning for the current deadline went out, if it did (a warning for an earlier deadline does not count). */
function warningSentFor(row: ExpiryClock, deadline: Date): Date | null {
  const sent = row.expiry_warning_sent_at;
  return sent && sent.getTime() >= deadline.getTime() - WARNING_MS ? sent : null;
}

/** When the sandbox would expire if it stays idle from now on. */
export function wouldExpireAt(row: ExpiryClock, idleDays: number): Date {
  const deadline = idleDeadline(row, idleDays);
  const sent = warningSentFor(row, deadline);
  return sent ? new Date(Math.max(deadline.getTime(), sent.getTime() + WARNING_MS)) : deadline;
}

export interface SweepResult {
  warned: number[];
  expired: number[];
}

/**
 * One pass over active sandboxes at `now`: sends sandbox.expiry_warning to those within 7 days of
 * their deadline (once per deadline) and drops the schema of those past it. Each sandbox is
 * handled in its own transaction, rows locked with skip locked, so that several workers can sweep
 * at once. Scheduled by the jobs module; `now` is a parameter so tests control the clock.
 */
export async function runSandboxIdleSweep(
  db: Db,
  events: EventSink,
  config: Config,
  now: Date,
): Promise<SweepResult> {
  const idleDays = config.sandboxIdleDays;
  // Candidates: the earliest their warning window can open is (idle - 7) days after last use.
  const candidates = await db
    .selectFrom('control.sandboxes')
    .select('sandbox_id')
    .where('status', '=', 'active')
    .where('last_accessed_at', '<=', new Date(now.getTime() - (idleDays * DAY_MS - WARNING_MS)))
    .where((eb) =>
      eb.or([
        eb('protected_until', 'is', null),
        eb('protected_until', '<=', new Date(now.getTime() + WARNING_MS)),
      ]),
    )
    .orderBy('sandbox_id')
    .execute();
  const result: SweepResult = { warned: [], expired: [] };
  for (const { sandbox_id } of candidates) {
    const outcome = await db
      .transaction()
      .execute((trx) => sweepOne(trx, events, sandbox_id, idleDays, now));
    if (outcome === 'warned') result.warned.push(sandbox_id);
    if (outcome === 'expired') result.expired.push(sandbox_id);
  }
  return result;
}

/**
 * The warning the sweep would send for this sandbox, sent now (a developer's simulation): the
 * same event and marker, with the date it would expire if it stays idle. The deadline does not
 * move, and a warning sent before the window opens does not count as the window's warning.
 */
export async function sendExpiryWarningNow(
  db: Db,
  events: EventSink,
  config: Config,
  sandboxId: number,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('control.sandboxes')
      .select(SANDBOX_COLUMNS)
      .where('sandbox_id', '=', sandboxId)
      .where('status', '=', 'active')
      .forUpdate()
      .executeTakeFirst();
    if (!row)
      throw new ValidationError({
        sandboxId: ['the sandbox is not active: reset it first (resetSandbox)'],
      });
    const deadline = idleDeadline(row, config.sandboxIdleDays);
    await warn(
      trx,
      events,
      row,
      new Date(Math.max(deadline.getTime(), now.getTime() + WARNING_MS)),
      now,
    );
  });
}

/**
 * The idle sweep's warning for one sandbox as if it ran at `at` (the sandbox clock): sent when
 * `at` is inside the warning window and no warning went out for this window; the sandbox is never
 * dropped from here. The marker is the real time of sending, so the scheduled sweep still warns
 * in the real window.
 */
export async function warnIfDueAt(
  db: Db,
  events: EventSink,
  config: Config,
  sandboxId: number,
  at: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('control.sandboxes')
      .select(SANDBOX_COLUMNS)
      .where('sandbox_id', '=', sandboxId)
      .where('status', '=', 'active')
      .forUpdate()
      .executeTakeFirst();
    if (!row) return false;
    const deadline = idleDeadline(row, config.sandboxIdleDays);
    if (at.getTime() < deadline.getTime() - WARNING_MS) return false;
    // A warning already sent for this window on the sandbox's clock (by an earlier advance, or by
    // the scheduled sweep) counts: its real time, moved by the clock's offset, is inside the window.
    const offsetMs = at.getTime() - Date.now();
    const sent = row.expiry_warning_sent_at;
    if (sent && sent.getTime() >= deadline.getTime() - WARNING_MS - offsetMs) return false;
    await warn(
      trx,
      events,
      row,
      new Date(Math.max(deadline.getTime(), at.getTime() + WARNING_MS)),
      new Date(),
    );
    return true;
  });
}

async function sweepOne(
  trx: Transaction<Database>,
  events: EventSink,
  sandboxId: number,
  idleDays: number,
  now: Date,
): Promise<'warned' | 'expired' | null> {
  const row = await trx
    .selectFrom('control.sandboxes')
    .select(SANDBOX_COLUMNS)
    .where('sandbox_id', '=', sandboxId)
    .where('status', '=', 'active')
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
  if (!row) return null;
  const deadline = idleDeadline(row, idleDays);
  if (now.getTime() < deadline.getTime() - WARNING_MS) return null;
  const sent = warningSentFor(row, deadline);
  if (!sent) {
    await warn(
      trx,
      events,
      row,
      new Date(Math.max(deadline.getTime(), now.getTime() + WARNING_MS)),
      now,
    );
    return 'warned';
  }
  if (now.getTime() < Math.max(deadline.getTime(), sent.getTime() + WARNING_MS)) return null;
  // The installation stays active: its key now answers 401 sandbox_not_ready, not invalid_api_key.
  assertSchemaName(row.schema_name);
  await trx
    .updateTable('control.sandboxes')
    .set({ status: 'expired' })
    .where('sandbox_id', '=', sandboxId)
    .execute();
  await sql`drop schema if exists ${sql.id(row.schema_name)} cascade`.execute(trx);
  return 'expired';
}

async function warn(
  trx: Transaction<Database>,
  events: EventSink,
  row: {
    sandbox_id: number;
    name: string;
    purpose: string;
    schema_name: string;
    last_accessed_at: Date;
    protected_until: Date | null;
  },
  expiresAt: Date,
  now: Date,
): Promise<void> {
  await trx
    .updateTable('control.sandboxes')
    .set({ expiry_warning_sent_at: now })
    .where('sandbox_id', '=', row.sandbox_id)
    .execute();
  const installation = await installations.activeInstallationOfSandbox(trx, row.sandbox_id);
  if (!installation) return; // nobody to tell: the marker alone keeps the 7-day notice period
  await events.emit(
    trx,
    {
      plane: 'sandbox',
      sandboxId: row.sandbox_id,
      organizationId: installation.organization_id,
      locationId: installation.location_id,
      installationId: installation.installation_id,
    },
    'sandbox.expiry_warning',
    {
      sandbox_id: row.sandbox_id,
      sandbox_name: row.name,
      schema_name: row.schema_name,
      purpose: row.purpose,
      last_accessed_at: row.last_accessed_at.toISOString(),
      would_expire_at: expiresAt.toISOString(),
      protected_until: row.protected_until?.toISOString() ?? null,
      action: EXPIRY_ACTION,
    },
  );
}
