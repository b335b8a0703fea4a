import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * How many scrypt runs a process makes at once (security review 4, finding 3). Each takes 128 MiB
 * of native memory at the OWASP cost and one of libuv's 4 threads for 0.1 to 0.3 s: two keep a
 * flood of log-ins (known emails or not) to 256 MiB beside the heap, and two threads for the rest.
 * Past it a run is refused at once (PasswordHashesBusyError) rather than queued: a queue would only
 * move the memory into waiting requests.
 */
export const MAX_CONCURRENT_PASSWORD_HASHES = 2;
let hashesRunning = 0;

/** No password-hash slot is free in this process: the caller answers rate_limit_exceeded (retry after 1 s). */
export class PasswordHashesBusyError extends Error {
  override readonly name = 'PasswordHashesBusyError';
  constructor() {
    super(`This process is already checking ${MAX_CONCURRENT_PASSWORD_HASHES} passwords.`);
  }
}

/** One of the process's password-hash slots, held across several runs (a check, then its re-hash). */
export interface PasswordHashSlot {
  release(): void;
}

/** Takes a slot, or throws PasswordHashesBusyError when all are taken. */
export function takePasswordHashSlot(): PasswordHashSlot {
  if (hashesRunning >= MAX_CONCURRENT_PASSWORD_HASHES) throw new PasswordHashesBusyError();
  hashesRunning += 1;
  let held = true;
  return {
    release: () => {
      if (held) hashesRunning -= 1;
      held = false;
    },
  };
}

/** scrypt in the caller's slot, or in one of its own for the run. */
async function scrypt(
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
  slot?: PasswordHashSlot,
): Promise<Buffer> {
  const own = slot ? undefined : takePasswordHashSlot();
  try {
    return await new Promise<Buffer>((resolve, reject) =>
      scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
    );
  } finally {
    own?.release();
  }
}

/** The scrypt parameters new hashes are made at (the configuration's, SVC_PASSWORD_HASH_COST). */
export interface PasswordHashParams {
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** OWASP's minimum for scrypt: N=2^17, r=8, p=1 (128 MiB and about 0.1 to 0.3 s per hash). */
export const OWASP_MIN_HASH_COST = 17;
/** The highest cost a stored hash may name (below), so the highest one new hashes may be made at. */
export const MAX_HASH_COST = 20;

/** N=2^cost with OWASP's r=8, p=1. */
export const passwordHashParams = (cost: number): PasswordHashParams =>
  Object.freeze({ N: 2 ** cost, r: 8, p: 1 });

// Stored hashes name their own parameters, so older ones keep verifying. Their cost is still
// bounded: a stored value can never make one log-in allocate more than this.
const MAX_N = 2 ** MAX_HASH_COST;
const MAX_R = 16;
const MAX_P = 4;

/** scrypt needs 128·N·r bytes; Node refuses anything over `maxmem` (32 MiB by default). */
const maxmemFor = (N: number, r: number) => 128 * N * r + 1024 * 1024;

/**
 * A well-formed hash at the given parameters that no password matches (finding a password whose
 * scrypt key is all zeros is infeasible). Verifying against it costs what a real check costs, so
 * an unknown account answers as slowly as a wrong password.
 */
export const decoyHash = ({ N, r, p }: PasswordHashParams): string =>
  [
    'scrypt',
    N,
    r,
    p,
    Buffer.alloc(16).toString('base64url'),
    Buffer.alloc(32).toString('base64url'),
  ].join('$');

/** scrypt, encoded as scrypt$N$r$p$salt$hash (base64url); in `slot`, or in a slot of its own (PasswordHashesBusyError when none is free). */
export async function hashPassword(
  password: string,
  { N, r, p }: PasswordHashParams,
  slot?: PasswordHashSlot,
): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, { N, r, p, maxmem: maxmemFor(N, r) }, slot);
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(
  password: string,
  encoded: string,
  slot?: PasswordHashSlot,
): Promise<boolean> {
  const parsed = parse(encoded);
  if (!parsed) return false;
  const { N, r, p, salt, hash } = parsed;
  const key = await scrypt(password, salt, hash.length, { N, r, p, maxmem: maxmemFor(N, r) }, slot);
  return timingSafeEqual(key, hash);
}

/** True when a stored hash was made at other parameters than the configured ones: re-hash it at the next log-in. */
export function needsRehash(encoded: string, { N, r, p }: PasswordHashParams): boolean {
  const parsed = parse(encoded);
  return !parsed || parsed.N !== N || parsed.r !== r || parsed.p !== p;
}

function parse(
  encoded: string,
): { N: number; r: number; p: number; salt: Buffer; hash: Buffer } | undefined {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts
    .slice(1, 4)
    .map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : NaN)) as [number, number, number];
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || !(r >= 1 && r <= MAX_R) || !(p >= 1 && p <= MAX_P))
    return undefined;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const hash = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || hash.length < 16) return undefined;
  return { N, r, p, salt, hash };
}
