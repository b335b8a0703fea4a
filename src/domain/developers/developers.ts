import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DevelopersTable } from '../../db/types.js';
import { PreparedQuery, slot } from '../../db/prepared.js';
import { consumeRateLimitWith, type ChargedRow, type RateLimitState } from '../installations/index.js';
import { decoyHash, hashPassword, needsRehash, verifyPassword, type PasswordHashParams } from '../../lib/passwords.js';
import { AccessError, ValidationError, type Details } from '../shared/index.js';

// Portal accounts: sign-up, password log-in (scrypt) and the developer agreement. Sessions (JWT)
// are issued by the portal layer (src/portal/auth.ts) from the developer this module returns.

export const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 200;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export interface DeveloperView {
  id: number;
  email: string;
  name: string;
  role: 'developer' | 'operator';
  agreementVersion: string | null;
  agreementAcceptedAt: Date | null;
  createdAt: Date;
}

const COLUMNS = ['developer_id', 'email', 'name', 'role', 'agreement_version', 'agreement_accepted_at', 'created_at'] as const;

type DeveloperRow = Pick<Selectable<DevelopersTable>, (typeof COLUMNS)[number]>;

function toView(row: DeveloperRow): DeveloperView {
  return {
    id: row.developer_id,
    email: row.email,
    name: row.name,
    role: row.role,
    agreementVersion: row.agreement_version,
    agreementAcceptedAt: row.agreement_accepted_at,
    createdAt: row.created_at,
  };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export interface AccountInput {
  email: string;
  password: string;
  name: string;
}

/** The normalized email and name of a new account, or 422 validation_error naming each problem. */
function checkAccountInput(input: AccountInput): { email: string; name: string } {
  const email = normalizeEmail(input.email);
  const name = input.name.trim();
  const details: Details = {};
  if (email.length > 254 || !EMAIL.test(email)) details.email = ['must be an email address'];
  if (input.password.length < PASSWORD_MIN_LENGTH) details.password = [`must be at least ${PASSWORD_MIN_LENGTH} characters`];
  if (input.password.length > PASSWORD_MAX_LENGTH) details.password = [`must be at most ${PASSWORD_MAX_LENGTH} characters`];
  if (name.length === 0 || name.length > 100) details.name = ['must be 1 to 100 characters'];
  if (Object.keys(details).length > 0) throw new ValidationError(details);
  return { email, name };
}

/** Inserts an account (its password hashed at `hashing`); an email that is already registered is 422 validation_error. */
export async function insertAccount(db: Db, hashing: PasswordHashParams, input: AccountInput, role: 'developer' | 'operator'): Promise<DeveloperView> {
  const { email, name } = checkAccountInput(input);
  const row = await db
    .insertInto('control.developers')
    .values({ email, name, role, password_hash: await hashPassword(input.password, hashing) })
    // Two concurrent sign-ups with one email: one row, the other gets the error below.
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw new ValidationError({ email: ['is already registered'] });
  return toView(row);
}

export function signUp(db: Db, hashing: PasswordHashParams, input: AccountInput): Promise<DeveloperView> {
  return insertAccount(db, hashing, input, 'developer');
}

/** Checks the password; a hash made at other parameters than `hashing` is replaced by one at them. */
export async function logIn(db: Db, hashing: PasswordHashParams, input: { email: string; password: string }): Promise<DeveloperView> {
  const row = await db
    .selectFrom('control.developers')
    .select([...COLUMNS, 'password_hash'])
    .where('email', '=', normalizeEmail(input.email))
    .executeTakeFirst();
  // An unknown email is checked against the decoy: the same scrypt time as a wrong password.
  const encoded = row?.password_hash ?? decoyHash(hashing);
  const valid = input.password.length <= PASSWORD_MAX_LENGTH && (await verifyPassword(input.password, encoded));
  if (!row || !valid) throw new AccessError('authentication_failed', 'The email or password is incorrect.');
  if (needsRehash(row.password_hash, hashing)) {
    // A hash from an older cost: replace it now that the password is known (unless it changed meanwhile).
    await db
      .updateTable('control.developers')
      .set({ password_hash: await hashPassword(input.password, hashing) })
      .where('developer_id', '=', row.developer_id)
      .where('password_hash', '=', row.password_hash)
      .execute();
  }
  return toView(row);
}

export async function findDeveloper(db: Db, developerId: number): Promise<DeveloperView | undefined> {
  // Compiled once: `me` and a stream's credential re-check read it (a request's own session goes through findDeveloperCharging).
  const [row] = await developerById.execute(db, 'developer', () => db.selectFrom('control.developers').select(COLUMNS).where('developer_id', '=', slot<number>('developerId')), { developerId });
  return row ? toView(row) : undefined;
}

const developerById = new PreparedQuery<DeveloperRow>(1);

/**
 * findDeveloper, with a request charged to the rate-limit `bucket` in the same statement (one round
 * trip for what every portal request with a session needs). The bucket is charged even when the
 * developer no longer exists; `check` applies its limit.
 */
export async function findDeveloperCharging(
  db: Db,
  developerId: number,
  bucket: string,
): Promise<{ developer: DeveloperView | undefined; check: (limit: number) => RateLimitState }> {
  const { row, check } = await consumeRateLimitWith(db, developerCharging, 'developer', () => sql`
    select ${sql.join(COLUMNS.map((name) => sql.ref(`d.${name}`)))}, b.count as bucket_count, b.retry_after as bucket_retry_after
      from bucket as b left join control.developers as d on d.developer_id = ${slot<number>('developerId')}`, { developerId, bucket });
  return { developer: row.developer_id === null ? undefined : toView(row as DeveloperRow), check };
}

/** The developer's columns are null when no developer has the id (the left join found none). */
const developerCharging = new PreparedQuery<{ [K in keyof DeveloperRow]: DeveloperRow[K] | null } & ChargedRow>(1);

/** Records the agreement version the developer accepted (a later version replaces it). */
export async function acceptDeveloperAgreement(db: Db, developerId: number, version: string): Promise<DeveloperView> {
  const value = version.trim();
  if (!/^[\w.-]{1,32}$/.test(value)) {
    throw new ValidationError({ version: ['must be 1 to 32 letters, digits, dots, dashes or underscores (e.g. 2026-01)'] });
  }
  const row = await db
    .updateTable('control.developers')
    .set({ agreement_version: value, agreement_accepted_at: new Date() })
    .where('developer_id', '=', developerId)
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw new AccessError('authentication_failed', 'This account no longer exists.');
  return toView(row);
}
