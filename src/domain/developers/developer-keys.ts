import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DeveloperKeysTable } from '../../db/types.js';
import { normalizeCidr } from '../../lib/cidr.js';
import { hashKey, randomBase62 } from '../../lib/secrets.js';
import {
  DeveloperKeyLimitError,
  NotFoundError,
  ValidationError,
  type Details,
} from '../shared/index.js';
import { DEVELOPER_KEY_COLUMNS } from '../../db/columns.js';

// Developer keys: `svc_dev_` + 32 base62 characters, shown once, stored as SHA-256 only.

export const DEVELOPER_KEY_SCOPES = ['plugins:read', 'plugins:write'] as const;
export type DeveloperKeyScope = (typeof DEVELOPER_KEY_SCOPES)[number];
export const MAX_ACTIVE_DEVELOPER_KEYS = 10;
const MAX_ALLOWLIST_ENTRIES = 50;
const KEY_FORMAT = /^svc_dev_[0-9A-Za-z]{32}$/;
/** Enough of the key to recognise it in a list; far too little to guess the rest. */
const PREFIX_LENGTH = 12;

export interface DeveloperKeyView {
  id: number;
  name: string;
  prefix: string;
  scopes: string[];
  ipAllowlist: string[];
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

export type DeveloperKeyRow = Selectable<DeveloperKeysTable>;

export const generateDeveloperKey = () => `svc_dev_${randomBase62(32)}`;
export const isDeveloperKeyFormat = (key: string) => KEY_FORMAT.test(key);

function toView(row: DeveloperKeyRow): DeveloperKeyView {
  return {
    id: row.developer_key_id,
    name: row.name,
    prefix: row.key_prefix,
    scopes: row.scopes,
    ipAllowlist: row.ip_allowlist,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  };
}

function validate(input: { name: string; scopes: string[]; ipAllowlist?: string[] | null }) {
  const details: Details = {};
  const name = input.name.trim();
  if (name.length === 0 || name.length > 100) details.name = ['must be 1 to 100 characters'];
  const unknown = input.scopes.filter(
    (s) => !(DEVELOPER_KEY_SCOPES as readonly string[]).includes(s),
  );
  if (input.scopes.length === 0)
    details.scopes = [`must name at least one of ${DEVELOPER_KEY_SCOPES.join(', ')}`];
  else if (unknown.length > 0)
    details.scopes = unknown.map(
      (s) => `${s} is not a scope (use ${DEVELOPER_KEY_SCOPES.join(', ')})`,
    );
  const entries = input.ipAllowlist ?? [];
  const allowlist: string[] = [];
  const problems: string[] = [];
  for (const entry of entries) {
    const cidr = normalizeCidr(entry);
    if (cidr === undefined) problems.push(`${entry} is not an IPv4 or IPv6 address or CIDR block`);
    else if (!allowlist.includes(cidr)) allowlist.push(cidr);
  }
  if (entries.length > MAX_ALLOWLIST_ENTRIES)
    problems.push(`must have at most ${MAX_ALLOWLIST_ENTRIES} entries`);
  if (problems.length > 0) details.ipAllowlist = problems;
  if (Object.keys(details).length > 0) throw new ValidationError(details);
  const scopes = DEVELOPER_KEY_SCOPES.filter((s) => input.scopes.includes(s));
  return { name, scopes, allowlist };
}

/** Mints a key. The clear key is in the result and nowhere else: only its hash is stored. */
export async function createDeveloperKey(
  db: Db,
  developerId: number,
  input: { name: string; scopes: string[]; ipAllowlist?: string[] | null },
): Promise<{ key: string; developerKey: DeveloperKeyView }> {
  const { name, scopes, allowlist } = validate(input);
  const key = generateDeveloperKey();
  const row = await db.transaction().execute(async (trx) => {
    // The developer row lock serialises concurrent mints, so the cap holds under races.
    await trx
      .selectFrom('control.developers')
      .select('developer_id')
      .where('developer_id', '=', developerId)
      .forUpdate()
      .execute();
    const { active } = await trx
      .selectFrom('control.developer_keys')
      .select((eb) => eb.fn.countAll<number>().as('active'))
      .where('developer_id', '=', developerId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    if (active >= MAX_ACTIVE_DEVELOPER_KEYS)
      throw new DeveloperKeyLimitError(MAX_ACTIVE_DEVELOPER_KEYS);
    return trx
      .insertInto('control.developer_keys')
      .values({
        developer_id: developerId,
        name,
        key_hash: hashKey(key),
        key_prefix: key.slice(0, PREFIX_LENGTH),
        scopes,
        ip_allowlist: allowlist,
      })
      .returning(DEVELOPER_KEY_COLUMNS)
      .executeTakeFirstOrThrow();
  });
  return { key, developerKey: toView(row) };
}

/** Every key of the account, active ones first, then revoked ones (for the audit trail). */
export async function listDeveloperKeys(db: Db, developerId: number): Promise<DeveloperKeyView[]> {
  const rows = await db
    .selectFrom('control.developer_keys')
    .select(DEVELOPER_KEY_COLUMNS)
    .where('developer_id', '=', developerId)
    .orderBy(sql`revoked_at is not null`)
    .orderBy('developer_key_id')
    .execute();
  return rows.map(toView);
}

/** Revokes at once (the next request with the key fails). Revoking a revoked key is a no-op. */
export async function revokeDeveloperKey(
  db: Db,
  developerId: number,
  keyId: number,
): Promise<DeveloperKeyView> {
  const row = await db
    .updateTable('control.developer_keys')
    .set({ revoked_at: sql`coalesce(revoked_at, now())` })
    .where('developer_key_id', '=', keyId)
    .where('developer_id', '=', developerId)
    .returning(DEVELOPER_KEY_COLUMNS)
    .executeTakeFirst();
  if (!row) throw new NotFoundError('developer_key');
  return toView(row);
}

/** The key's row by hash (no cache: a revocation is seen by the very next request). */
export async function findDeveloperKey(db: Db, key: string): Promise<DeveloperKeyRow | undefined> {
  return db
    .selectFrom('control.developer_keys')
    .select(DEVELOPER_KEY_COLUMNS)
    .where('key_hash', '=', hashKey(key))
    .executeTakeFirst();
}

/** Records use, at most once a minute per key rather than a write per request. */
export async function touchDeveloperKey(db: Db, keyId: number): Promise<void> {
  await db
    .updateTable('control.developer_keys')
    .set({ last_used_at: sql`now()` })
    .where('developer_key_id', '=', keyId)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}
