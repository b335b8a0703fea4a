import { createHmac, timingSafeEqual } from 'node:crypto';

// Inbound X-Svc-Signature, checked and, when refused, diagnosed. Accepted: 64 hex characters, in
// either case (hex is case-insensitive; .NET's Convert.ToHexString writes upper case), whose bytes
// equal (in constant time) the HMAC-SHA256 of the raw body keyed with the current secret, or with
// the previous one while its overlap runs. A refusal says what the signature most likely is, from
// the common mistakes, without ever revealing the expected value: each message names a mistake,
// never a signature. Pure: the caller reads and decrypts the secrets.
//
// The search for a mistake costs up to about 25 HMAC passes and a JSON re-serialisation, all on
// the request's thread: it runs only for bodies up to DIAGNOSED_BODY_BYTES. A larger body gets the
// verdict alone (one HMAC per accepted secret), so a refused 1 MiB body costs what an accepted one does.

export interface InboundSecrets {
  current: string | null;
  /** The secret the last rotation replaced, if any is kept (expired ones too: see `previousActive`). */
  previous: string | null;
  /** Whether the previous secret is still accepted (its stored expiry is in the future). */
  previousActive: boolean;
  previousExpiresAt: Date | null;
}

export type SignatureVerdict = { ok: true } | { ok: false; problem: string };

const HMAC_BYTES = 32;
/** Bodies up to this size get a diagnosis when refused; larger ones only the verdict. */
export const DIAGNOSED_BODY_BYTES = 64 * 1024;

/** HMAC-SHA256 of `body` keyed with `secret`; a parameter so that tests can count the passes. */
export type Mac = (secret: string, body: Buffer) => Buffer;
const hmacSha256: Mac = (secret, body) => createHmac('sha256', secret).update(body).digest();

/** The bytes a signature string stands for, by its form; null when it is none of hex or base64. */
function decodeSignature(signature: string): { form: 'hex' | 'base64'; bytes: Buffer } | null {
  if (/^[0-9a-fA-F]{64}$/.test(signature))
    return { form: 'hex', bytes: Buffer.from(signature, 'hex') };
  // 32 bytes are 43 base64 characters plus one '=' (or none, as base64url usually has it).
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(signature)) {
    const bytes = Buffer.from(signature.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (bytes.length === HMAC_BYTES) return { form: 'base64', bytes };
  }
  return null;
}

/** Bodies a sender may have signed instead of the bytes it sent: whitespace at the ends. */
function whitespaceVariants(raw: Buffer): Buffer[] {
  const text = raw.toString('utf8');
  const variants = [
    text.trim(),
    text.trimEnd(),
    text.trimStart(),
    `${text}\n`,
    `${text}\r\n`,
    `${text.trimEnd()}\n`,
    `${text.trimEnd()}\r\n`,
  ];
  return [...new Set(variants)].filter((v) => v !== text).map((v) => Buffer.from(v, 'utf8'));
}

/** ... or a re-serialisation of the same JSON: compact, or indented as the usual serialisers do. */
function reserialisedVariants(raw: Buffer): Buffer[] {
  const text = raw.toString('utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  const variants = [
    JSON.stringify(parsed),
    JSON.stringify(parsed, null, 2),
    JSON.stringify(parsed, null, 4),
    JSON.stringify(parsed, null, '\t'),
  ];
  // Python's json.dumps default separators (", " and ": ").
  variants.push(
    JSON.stringify(parsed).replace(
      /("(?:[^"\\]|\\.)*")|([,:])/g,
      (_m, str: string | undefined, sep: string | undefined) => str ?? `${sep} `,
    ),
  );
  return [...new Set(variants)]
    .filter((v) => v.trim() !== text.trim())
    .map((v) => Buffer.from(v, 'utf8'));
}

const MESSAGES = {
  missing:
    'X-Svc-Signature is missing: sign the exact body bytes (lowercase hex HMAC-SHA256 keyed with the webhook secret) and send the result in X-Svc-Signature.',
  noSecret:
    'The plugin has no webhook secret to verify X-Svc-Signature with: rotate one in the developer portal (rotateWebhookSecret).',
  base64:
    'X-Svc-Signature is base64 where lowercase hex is expected: send the HMAC-SHA256 as 64 lowercase hex characters.',
  whitespace:
    'X-Svc-Signature was computed over a body with a trailing newline or whitespace difference: sign exactly the bytes you send, whitespace included.',
  reserialised:
    'X-Svc-Signature was computed over a re-serialised body (the JSON is equal but the bytes differ): serialise the body once, then sign and send that same string.',
  noMatch:
    'X-Svc-Signature does not match the request body: sign the exact bytes sent with the current webhook secret, as 64 lowercase hex characters.',
  notDiagnosed: `X-Svc-Signature does not match the request body: sign the exact bytes sent with the current webhook secret, as 64 lowercase hex characters. (Bodies over ${DIAGNOSED_BODY_BYTES / 1024} KiB are not diagnosed further: try the same signing code on a smaller body for a hint.)`,
  expired: (at: Date | null) =>
    `X-Svc-Signature was made with the previous webhook secret, which stopped being accepted at ${at?.toISOString() ?? 'its rotation'}: sign with the current secret.`,
};

/**
 * Accepts or explains. Order: no header, no secret, a valid signature (current, or previous during
 * its overlap), then the most likely mistake: a right value in the wrong encoding (base64), and,
 * for a body of at most DIAGNOSED_BODY_BYTES, the expired previous secret, a body that differs only
 * in whitespace at its ends, a re-serialised body; otherwise a plain mismatch.
 */
export function checkInboundSignature(
  rawBody: Buffer,
  signature: string | undefined,
  secrets: InboundSecrets,
  mac: Mac = hmacSha256,
): SignatureVerdict {
  if (signature === undefined || signature === '') return { ok: false, problem: MESSAGES.missing };
  if (secrets.current === null) return { ok: false, problem: MESSAGES.noSecret };
  const accepted =
    secrets.previous !== null && secrets.previousActive
      ? [secrets.current, secrets.previous]
      : [secrets.current];
  const decoded = decodeSignature(signature);
  if (decoded === null) return { ok: false, problem: MESSAGES.noMatch };
  const { form, bytes } = decoded;
  const matches = (secret: string, body: Buffer) => timingSafeEqual(mac(secret, body), bytes);
  // Every accepted secret is computed, whichever matches: the time taken does not say which.
  const valid = accepted.map((secret) => matches(secret, rawBody)).some(Boolean);
  if (valid && form === 'hex') return { ok: true };
  if (valid) return { ok: false, problem: MESSAGES.base64 };
  if (rawBody.length > DIAGNOSED_BODY_BYTES) return { ok: false, problem: MESSAGES.notDiagnosed };
  if (secrets.previous !== null && !secrets.previousActive && matches(secrets.previous, rawBody)) {
    return { ok: false, problem: MESSAGES.expired(secrets.previousExpiresAt) };
  }
  const signedOneOf = (bodies: Buffer[]) =>
    bodies.some((body) => accepted.some((secret) => matches(secret, body)));
  if (signedOneOf(whitespaceVariants(rawBody))) return { ok: false, problem: MESSAGES.whitespace };
  if (signedOneOf(reserialisedVariants(rawBody)))
    return { ok: false, problem: MESSAGES.reserialised };
  return { ok: false, problem: MESSAGES.noMatch };
}
