import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DevelopersTable } from '../../db/types.js';
import { PreparedQuery, slot } from '../../db/prepared.js';
import {
  consumeRateLimitWith,
  type ChargedRow,
  type RateLimitState,
} from '../installations/index.js';
import {
  decoyHash,
  hashPassword,
  MAX_CONCURRENT_PASSWORD_HASHES,
  needsRehash,
  PasswordHashesBusyError,
  takePasswordHashSlot,
  verifyPassword,
  type PasswordHashParams,
  type PasswordHashSlot,
} from '../../lib/passwords.js';
import { AccessError, RateLimitedError, ValidationError, type Details } from '../shared/index.js';

// Portal accounts: sign-up, password log-in (scrypt) and the developer agreement. Sessions (JWT)
// are issued by the portal layer (src/portal/auth.ts) from the developer this module returns;
// ending them is here (endSession, endAllSessions), and so is their check on every request
// (findDeveloperCharging).

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

const COLUMNS = [
  'developer_id',
  'email',
  'name',
  'role',
  'agreement_version',
  'agreement_accepted_at',
  'created_at',
] as const;

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
  if (input.password.length < PASSWORD_MIN_LENGTH)
    details.password = [`must be at least ${PASSWORD_MIN_LENGTH} characters`];
  if (input.password.length > PASSWORD_MAX_LENGTH)
    details.password = [`must be at most ${PASSWORD_MAX_LENGTH} characters`];
  if (name.length === 0 || name.length > 100) details.name = ['must be 1 to 100 characters'];
  if (Object.keys(details).length > 0) throw new ValidationError(details);
  return { email, name };
}

/** Inserts an account (its password hashed at `hashing`); an email that is already registered is 422 validation_error. */
export async function insertAccount(
  db: Db,
  hashing: PasswordHashParams,
  input: AccountInput,
  role: 'developer' | 'operator',
): Promise<DeveloperView> {
  const { email, name } = checkAccountInput(input);
  const row = await db
    .insertInto('control.developers')
    .values({
      email,
      name,
      role,
      password_hash: await hashPassword(input.password, hashing).catch(busyAsRateLimited),
    })
    // Two concurrent sign-ups with one email: one row, the other gets the error below.
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(COLUMNS)
    .executeTakeFirst();
  if (!row) throw new ValidationError({ email: ['is already registered'] });
  return toView(row);
}

export async function signUp(
  db: Db,
  hashing: PasswordHashParams,
  input: AccountInput,
): Promise<LoggedInDeveloper> {
  return { ...(await insertAccount(db, hashing, input, 'developer')), sessionStamp: 0 };
}

/**
 * A developer who has just proven their password: the view, and the stamp a session issued now
 * carries (epoch milliseconds of sessions_valid_after, 0 before any logOut(everywhere)).
 */
export type LoggedInDeveloper = DeveloperView & { sessionStamp: number };

/** Failed log-ins of an email that cost no wait; from the next one on, each wait doubles (1 s, 2 s, ...). */
export const FREE_LOG_IN_FAILURES = 5;
/** The longest wait between two log-in attempts of one email. */
export const MAX_LOG_IN_WAIT_SECONDS = 15 * 60;

/** No password-hash slot is free in this process: the whole request is refused, retry in a second. */
export class PasswordChecksBusyError extends RateLimitedError {
  constructor() {
    super(1, MAX_CONCURRENT_PASSWORD_HASHES);
    this.message =
      'The service is checking as many passwords as it can at once. Retry in a second.';
  }
}

function busyAsRateLimited(err: unknown): never {
  if (!(err instanceof PasswordHashesBusyError)) throw err;
  throw new PasswordChecksBusyError();
}

/**
 * Checks the password; a hash made at other parameters than `hashing` is replaced by one at them.
 * Before scrypt runs, one statement counts the attempt against the email (known or not, so that
 * the wait tells nothing about which emails have an account) and reads the account: an attempt
 * during the email's wait is rate_limit_exceeded, and costs no scrypt. The attempt is counted as
 * a failure before the check (so that attempts at once cannot all pass one free count), and the
 * count is cleared when the password is right.
 */
export async function logIn(
  db: Db,
  hashing: PasswordHashParams,
  input: { email: string; password: string },
): Promise<LoggedInDeveloper> {
  const email = normalizeEmail(input.email);
  // Taken first: an attempt the process has no slot for is not counted against the email.
  let slot: PasswordHashSlot;
  try {
    slot = takePasswordHashSlot();
  } catch (err) {
    busyAsRateLimited(err);
  }
  try {
    const row = await logInAttempt(db, email);
    if (row.failures === null) {
      const retryAfter = Math.max(1, row.retry_after ?? 1);
      throw Object.assign(new RateLimitedError(retryAfter, FREE_LOG_IN_FAILURES), {
        message: `Too many failed log-ins for this email. Retry after ${retryAfter} s.`,
      });
    }
    // An unknown email is checked against the decoy: the same scrypt time as a wrong password.
    const encoded = row.password_hash ?? decoyHash(hashing);
    const valid =
      input.password.length <= PASSWORD_MAX_LENGTH &&
      (await verifyPassword(input.password, encoded, slot));
    if (row.developer_id === null || row.password_hash === null || !valid)
      throw new AccessError('authentication_failed', 'The email or password is incorrect.');
    await db.deleteFrom('control.log_in_failures').where('email', '=', email).execute();
    if (needsRehash(row.password_hash, hashing)) {
      // A hash from an older cost: replace it now that the password is known (unless it changed meanwhile).
      await db
        .updateTable('control.developers')
        .set({ password_hash: await hashPassword(input.password, hashing, slot) })
        .where('developer_id', '=', row.developer_id)
        .where('password_hash', '=', row.password_hash)
        .execute();
    }
    return { ...toView(row as DeveloperRow), sessionStamp: row.session_stamp ?? 0 };
  } finally {
    slot.release();
  }
}

type LogInAttemptRow = { [K in keyof DeveloperRow]: DeveloperRow[K] | null } & {
  password_hash: string | null;
  session_stamp: number | null;
  /** The email's failures with this attempt; null when the attempt came during its wait (refused). */
  failures: number | null;
  /** Seconds left of the email's wait (when refused). */
  retry_after: number | null;
};

/** The wait after `failures` failed attempts, in SQL. */
const waitAfter = (
  failures: RawBuilder<number>,
) => sql`case when ${failures} <= ${sql.lit(FREE_LOG_IN_FAILURES)} then interval '0'
  else least(${sql.lit(MAX_LOG_IN_WAIT_SECONDS)}, power(2, ${failures} - ${sql.lit(FREE_LOG_IN_FAILURES + 1)})) * interval '1 second' end`;

/**
 * One statement: the attempt counted against the email unless it comes during its wait (a count
 * whose wait ended more than a day ago starts over), the account read, and two stale counts of
 * other emails purged (so that guessed emails do not pile up).
 */
async function logInAttempt(db: Db, email: string): Promise<LogInAttemptRow> {
  const failures = sql<number>`case when f.next_attempt_at < now() - interval '1 day' then 1 else f.failures + 1 end`;
  const { rows } = await sql<LogInAttemptRow>`
    with purged as (
      delete from control.log_in_failures where email in (
        select email from control.log_in_failures
         where next_attempt_at < now() - interval '1 day' and email <> ${email}
         limit 2 for update skip locked)
    ), attempt as (
      insert into control.log_in_failures as f (email, failures, next_attempt_at) values (${email}, 1, now())
      on conflict (email) do update set failures = ${failures}, next_attempt_at = now() + ${waitAfter(failures)}
       where f.next_attempt_at <= now()
      returning failures
    )
    select ${sql.join(COLUMNS.map((name) => sql.ref(`d.${name}`)))}, d.password_hash, ${sessionStampOf(sql`d`)} as session_stamp,
           (select failures from attempt) as failures,
           (select greatest(1, ceil(extract(epoch from w.next_attempt_at - now())))::int from control.log_in_failures w where w.email = ${email}) as retry_after
      from (select 1) as one left join control.developers as d on d.email = ${email}`.execute(db);
  return rows[0]!;
}

/** A developer's session stamp in SQL: epoch milliseconds of sessions_valid_after, 0 when never set. */
const sessionStampOf = (developer: RawBuilder<unknown>) =>
  sql<number>`coalesce((extract(epoch from ${developer}.sessions_valid_after) * 1000)::float8, 0)`;

export async function findDeveloper(
  db: Db,
  developerId: number,
): Promise<DeveloperView | undefined> {
  // Compiled once: `me` and a stream's credential re-check read it (a request's own session goes through findDeveloperCharging).
  const [row] = await developerById.execute(
    db,
    'developer',
    () =>
      db
        .selectFrom('control.developers')
        .select(COLUMNS)
        .where('developer_id', '=', slot<number>('developerId')),
    { developerId },
  );
  return row ? toView(row) : undefined;
}

const developerById = new PreparedQuery<DeveloperRow>(1);

/** The portal session a request is sent with: its id (`jti`) and the stamp it was issued under. */
export interface SessionRef {
  id: string;
  stamp: number;
}

/** Whether the session is still on: not ended by logOut (its id) nor by logOut(everywhere) (the stamp moved). */
const sessionOn = (session: { id: unknown; stamp: unknown }) => sql<boolean>`
  ${sessionStampOf(sql`d`)} = ${session.stamp}::float8
  and not exists (select 1 from control.revoked_sessions as r where r.session_id = ${session.id}::uuid)`;

/**
 * findDeveloper, with a request charged to the rate-limit `bucket` and the session's state read in
 * the same statement (one round trip for what every portal request with a session needs). The
 * bucket is charged even when the developer no longer exists; `check` applies its limit.
 */
export async function findDeveloperCharging(
  db: Db,
  developerId: number,
  bucket: string,
  session: SessionRef,
): Promise<{
  developer: DeveloperView | undefined;
  sessionOn: boolean;
  check: (limit: number) => RateLimitState;
}> {
  const { row, check } = await consumeRateLimitWith(
    db,
    developerCharging,
    'developer',
    () => sql`
    select ${sql.join(COLUMNS.map((name) => sql.ref(`d.${name}`)))}, b.count as bucket_count, b.retry_after as bucket_retry_after,
           ${sessionOn({ id: slot<string>('sessionId'), stamp: slot<number>('stamp') })} as session_on
      from bucket as b left join control.developers as d on d.developer_id = ${slot<number>('developerId')}`,
    { developerId, bucket, sessionId: session.id, stamp: session.stamp },
  );
  return {
    developer: row.developer_id === null ? undefined : toView(row as DeveloperRow),
    sessionOn: row.session_on === true,
    check,
  };
}

/** The developer's columns are null when no developer has the id (the left join found none). */
const developerCharging = new PreparedQuery<
  { [K in keyof DeveloperRow]: DeveloperRow[K] | null } & ChargedRow & {
      session_on: boolean | null;
    }
>(1);

/** Whether the developer exists and the session is still on (a stream's re-check on each heartbeat: nothing charged). */
export async function isSessionOn(
  db: Db,
  developerId: number,
  session: SessionRef,
): Promise<boolean> {
  const { rows } = await sql<{ on: boolean }>`
    select ${sessionOn(session)} as on
      from control.developers as d where d.developer_id = ${developerId}`.execute(db);
  return rows[0]?.on === true;
}

/**
 * Ends one session (logOut): its id is kept until the session would have expired anyway. The
 * developer's ended sessions that have expired go in the same statement.
 */
export async function endSession(
  db: Db,
  developerId: number,
  session: { id: string; expiresAt: Date },
): Promise<void> {
  await sql`
    with expired as (delete from control.revoked_sessions where developer_id = ${developerId} and expires_at < now())
    insert into control.revoked_sessions (session_id, developer_id, expires_at)
    values (${session.id}::uuid, ${developerId}, ${session.expiresAt}) on conflict do nothing`.execute(
    db,
  );
}

/**
 * Ends every session of the developer (logOut(everywhere: true)): the stamp moves (at least one
 * millisecond, so that it always changes), which no session issued before carries. Their ids
 * recorded one by one are no longer needed.
 */
export async function endAllSessions(db: Db, developerId: number): Promise<void> {
  await sql`
    with forgotten as (delete from control.revoked_sessions where developer_id = ${developerId})
    update control.developers
       set sessions_valid_after = greatest(date_trunc('milliseconds', clock_timestamp()), sessions_valid_after + interval '1 millisecond')
     where developer_id = ${developerId}`.execute(db);
}

/** Records the agreement version the developer accepted (a later version replaces it). */
export async function acceptDeveloperAgreement(
  db: Db,
  developerId: number,
  version: string,
): Promise<DeveloperView> {
  const value = version.trim();
  if (!/^[\w.-]{1,32}$/.test(value)) {
    throw new ValidationError({
      version: ['must be 1 to 32 letters, digits, dots, dashes or underscores (e.g. 2026-01)'],
    });
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
