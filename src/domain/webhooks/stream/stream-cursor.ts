import { sql } from 'kysely';
import type { Db } from '../../../db/database.js';
import { ValidationError } from '../../shared/index.js';

// The position of a sandbox's webhook stream: per installation, the last sequence streamed, as a
// base64url JSON object. Only the sandbox's own installations count; any other key is dropped,
// and each value must be a sequence (an int4, as the feed stores it); `resent` is the last
// redelivery carried (a log id).

export type StreamPosition = Record<string, number>;

/**
 * The position's one key that is no installation: the last redelivery or replay delivery (its log
 * id) the stream carried. Those repeat an event whose sequence the stream has already passed.
 */
export const RESENT = 'resent';

/** Longer than any real cursor of a sandbox (its installations are few); refused before it is parsed. */
export const MAX_STREAM_CURSOR_LENGTH = 16 * 1024;
const MAX_SEQUENCE = 2_147_483_647;

export const encodeStreamCursor = (position: StreamPosition): string =>
  Buffer.from(JSON.stringify(position)).toString('base64url');

const invalid = () =>
  new ValidationError({
    after: ['is not a cursor returned by webhookStreamCursor or webhookStream'],
  });

export function decodeStreamCursor(cursor: string): StreamPosition {
  if (cursor.length > MAX_STREAM_CURSOR_LENGTH) throw invalid();
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const valid = (k: string, v: unknown) =>
    (k === RESENT || /^[1-9]\d{0,9}$/.test(k)) &&
    Number.isInteger(v) &&
    (v as number) >= 0 &&
    (v as number) <= MAX_SEQUENCE;
  if (
    !value ||
    typeof value !== 'object' ||
    Array.isArray(value) ||
    !Object.entries(value).every(([k, v]) => valid(k, v))
  )
    throw invalid();
  return value as StreamPosition;
}

/** The sandbox's installations with their last issued sequence. */
async function sandboxSequences(db: Db, sandboxId: number): Promise<Map<string, number>> {
  const { rows } = await sql<{ installation_id: number; last_sequence: number | null }>`
    select i.installation_id, s.last_sequence from control.installations i
      left join control.installation_webhook_state s on s.installation_id = i.installation_id
     where i.sandbox_id = ${sandboxId}`.execute(db);
  return new Map(rows.map((row) => [String(row.installation_id), row.last_sequence ?? 0]));
}

async function lastLogId(db: Db): Promise<number> {
  const { rows } = await sql<{
    id: number;
  }>`select coalesce(max(log_id), 0)::int as id from control.webhook_logs`.execute(db);
  return rows[0]!.id;
}

/** The stream's position now: every installation of the sandbox at its last issued sequence. */
export async function streamCursorNow(db: Db, sandboxId: number): Promise<string> {
  return encodeStreamCursor({
    ...Object.fromEntries(await sandboxSequences(db, sandboxId)),
    [RESENT]: await lastLogId(db),
  });
}

/** A listener's starting position: its cursor (or now), keeping only the sandbox's installations. */
export async function startingPosition(
  db: Db,
  sandboxId: number,
  after: string | null,
): Promise<StreamPosition> {
  const installations = await sandboxSequences(db, sandboxId);
  if (after === null)
    return { ...Object.fromEntries(installations), [RESENT]: await lastLogId(db) };
  const given = decodeStreamCursor(after);
  const kept = Object.fromEntries(Object.entries(given).filter(([id]) => installations.has(id)));
  return { ...kept, [RESENT]: given[RESENT] ?? (await lastLogId(db)) };
}
