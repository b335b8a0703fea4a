// Idempotent writes: a transaction-scoped advisory lock per key serialises concurrent first
// requests (the second one waits, then finds the first one's committed row), and a hash of the
// request body tells a replay from a key reused with a different body.
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Tx } from './site.js';

/**
 * Holds a lock on (kind, organization, key) until the transaction ends. The unique indexes stay
 * the final guard; the lock only turns a race into a wait, so that a duplicate becomes a replay
 * instead of a unique violation. A hash collision merely serialises two unrelated keys.
 */
export async function lockIdempotencyKey(
  { trx }: Tx,
  schema: string,
  kind: 'order' | 'payment',
  organizationId: number,
  key: string,
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`${schema}:${kind}:${organizationId}:${key}`}, 0))`.execute(
    trx,
  );
}

/** sha256 of the body as canonical JSON (object keys sorted at every level). */
export function requestHash(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}
