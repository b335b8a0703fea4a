import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

const INSTALLATION_KEY = /^pik_[0-9a-f]{64}$/;

export function generateInstallationKey(): string {
  return `pik_${randomBytes(32).toString('hex')}`;
}

export function isInstallationKeyFormat(key: string): boolean {
  return INSTALLATION_KEY.test(key);
}

/** Installation and developer keys are stored only as this hash. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** A 64-character webhook signing secret. */
export function generateWebhookSecret(): string {
  return randomBytes(32).toString('hex');
}

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Unbiased random string over [0-9A-Za-z] (rejection sampling). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}

/** Hex HMAC-SHA256 of the exact bytes, keyed with the webhook secret. */
export function signBody(secret: string, body: Buffer | string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * The webhook secret in Standard Webhooks form: `whsec_` + base64 of the key bytes. The key bytes
 * are the ones signBody's HMAC uses, the 64 characters as UTF-8, so that a Standard Webhooks
 * library given this string computes with the very same key.
 */
export function standardWebhookSecret(secret: string): string {
  return `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;
}

/** Standard Webhooks signature (without its `v1,`): base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`, same key as signBody. */
export function signStandard(
  secret: string,
  id: string,
  timestamp: number,
  body: Buffer | string,
): string {
  return createHmac('sha256', secret).update(`${id}.${timestamp}.`).update(body).digest('base64');
}

// The full 16-byte GCM tag, pinned on both sides: decryption refuses a truncated tag (Node would
// otherwise accept one as short as 4 bytes, which a forger could guess).
const GCM_TAG_BYTES = 16;

/**
 * The encryption key as a KeyObject, made once per key. Given a Buffer, Node 24's ciphers first
 * check whether it is a KeyObject or a CryptoKey, which costs about 8 µs a call (a decryption
 * takes 10 µs with a Buffer key, 2 µs with a KeyObject); every inbound webhook decrypts a secret.
 */
function secretKey(key: Buffer): KeyObject {
  let keyObject = KEY_OBJECTS.get(key);
  if (!keyObject) KEY_OBJECTS.set(key, (keyObject = createSecretKey(key)));
  return keyObject;
}
const KEY_OBJECTS = new WeakMap<Buffer, KeyObject>();

/** AES-256-GCM, encoded as base64url(iv).base64url(tag).base64url(ciphertext). */
export function encrypt(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(key), iv, {
    authTagLength: GCM_TAG_BYTES,
  });
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url')).join('.');
}

export function decrypt(key: Buffer, sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !data || tag.length !== GCM_TAG_BYTES)
    throw new Error('Malformed encrypted value');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(key), iv, {
    authTagLength: GCM_TAG_BYTES,
  });
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
}
