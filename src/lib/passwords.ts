import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCb(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );

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
export const passwordHashParams = (cost: number): PasswordHashParams => Object.freeze({ N: 2 ** cost, r: 8, p: 1 });

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
  ['scrypt', N, r, p, Buffer.alloc(16).toString('base64url'), Buffer.alloc(32).toString('base64url')].join('$');

/** scrypt, encoded as scrypt$N$r$p$salt$hash (base64url). */
export async function hashPassword(password: string, { N, r, p }: PasswordHashParams): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, { N, r, p, maxmem: maxmemFor(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parse(encoded);
  if (!parsed) return false;
  const { N, r, p, salt, hash } = parsed;
  const key = await scrypt(password, salt, hash.length, { N, r, p, maxmem: maxmemFor(N, r) });
  return timingSafeEqual(key, hash);
}

/** True when a stored hash was made at other parameters than the configured ones: re-hash it at the next log-in. */
export function needsRehash(encoded: string, { N, r, p }: PasswordHashParams): boolean {
  const parsed = parse(encoded);
  return !parsed || parsed.N !== N || parsed.r !== r || parsed.p !== p;
}

function parse(encoded: string): { N: number; r: number; p: number; salt: Buffer; hash: Buffer } | undefined {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map((part) => (/^\d{1,8}$/.test(part) ? Number(part) : NaN)) as [number, number, number];
  const powerOfTwo = N > 1 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || !(r >= 1 && r <= MAX_R) || !(p >= 1 && p <= MAX_P)) return undefined;
  const salt = Buffer.from(parts[4]!, 'base64url');
  const hash = Buffer.from(parts[5]!, 'base64url');
  if (salt.length === 0 || hash.length < 16) return undefined;
  return { N, r, p, salt, hash };
}
