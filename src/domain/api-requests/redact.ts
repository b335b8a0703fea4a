// What the request log keeps of a body: JSON with credentials replaced by "[redacted]": the values
// of fields named like credentials, credential-looking text anywhere in a string or an object key,
// and whatever nests deeper than the walk goes. Runs for every logged write, so a string is
// scanned for credentials only when a cheap pre-check finds how one would begin.

/** Request and response bodies are kept up to this many bytes (UTF-8). */
export const MAX_LOGGED_BODY_BYTES = 16 * 1024;
/**
 * The error body of any failed request (reads and refused requests included) is kept up to this
 * many bytes: it is the service's own answer (a message, a code, the details of a validation
 * error), what the developer needs to see on the request's page, and small.
 */
export const MAX_LOGGED_ERROR_BODY_BYTES = 4 * 1024;
export const REDACTED = '[redacted]';
/** Deeper than this, a subtree is redacted whole (the Data API's door refuses deeper bodies first). */
const MAX_DEPTH = 64;

// Names of fields whose values are credentials: keys, secrets, tokens, passwords, signatures.
// An idempotency key is an identifier the plugin chose, not a credential: it is kept.
const SECRET_FIELD =
  /key|secret|token|password|passwd|passphrase|pwd|^pin$|cvv|cvc|otp|cookie|session|auth|hmac|salt|signature|credential/i;
const NOT_SECRET = new Set(['idempotency_key']);

// Credentials by their look, anywhere in a string: the platform's and common providers' prefixed
// keys, JWTs, raw 64-hex secrets (webhook signing secrets), and HTTP Basic/Bearer credentials.
const PREFIXED = String.raw`(?<![A-Za-z0-9])(?:pik|svc_dev|whsec|stp|sk_live|sk_test|rk_live|rk_test)_[\w+/=-]*`;
const JWT = String.raw`eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*`;
const HEX_64 = '(?<![0-9a-fA-F])[0-9a-fA-F]{64}(?![0-9a-fA-F])';
const SCHEME = String.raw`(?<![A-Za-z])(?:[Bb]asic|[Bb]earer)\s+[\w.~+/-]+=*`;
const SECRET_TEXT = new RegExp(`${PREFIXED}|${JWT}|${HEX_64}|${SCHEME}`, 'g');
// The pre-check: literals every pattern but the hex one starts with (cheap to scan for), and a
// hex run only in a string long enough to hold one. Clean strings stop here.
const MAY_HOLD_SECRET = /pik_|stp_|svc_dev_|whsec_|k_live_|k_test_|eyJ|[Bb]asic|[Bb]earer/;
const HEX_RUN = new RegExp(HEX_64);
/** The shortest text any pattern above can redact (a bare "pik_"). */
const MIN_SECRET_LENGTH = 4;
const AFTER_AUTHORIZATION = /authorization["']?\s*[:=]\s*["']?$/i;

/**
 * A body as the log keeps it, cut to MAX_LOGGED_BODY_BYTES (a cut body ends with "…[truncated]"
 * and is no longer valid JSON).
 */
export function redactBody(value: unknown, maxBytes = MAX_LOGGED_BODY_BYTES): string | null {
  if (value === undefined) return null;
  const text = JSON.stringify(redact(value, 0));
  if (text === undefined) return null;
  if (Buffer.byteLength(text, 'utf8') <= maxBytes) return text;
  const cut = Buffer.from(text, 'utf8')
    .subarray(0, maxBytes)
    .toString('utf8')
    .replace(/\uFFFD$/, '');
  return `${cut}…[truncated]`;
}

function redact(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const entries: [string, unknown][] = [];
  let taken: Set<string> | undefined;
  for (const [k, v] of Object.entries(value)) {
    let key = redactText(k);
    if (key !== k) {
      // Two keys redacted alike (or a key already "[redacted]") stay two fields.
      taken ??= new Set(Object.keys(value));
      for (let n = 2; taken.has(key); n++) key = `${REDACTED}#${n}`;
      taken.add(key);
    }
    entries.push([
      key,
      SECRET_FIELD.test(k) && !NOT_SECRET.has(k) && v !== null ? REDACTED : redact(v, depth + 1),
    ]);
  }
  // Keys are the request's: fromEntries defines each as an own field, so a `__proto__` key is kept
  // (an assignment would set the copy's prototype and drop the field, and its secrets, unseen).
  return Object.fromEntries(entries);
}

function redactText(text: string): string {
  if (
    text.length < MIN_SECRET_LENGTH ||
    !(MAY_HOLD_SECRET.test(text) || (text.length >= 64 && HEX_RUN.test(text)))
  )
    return text;
  return text.replace(SECRET_TEXT, (match: string, offset: number) =>
    isCredential(match, offset, text) ? REDACTED : match,
  );
}

/**
 * Every match but "Basic"/"Bearer" and a word is a credential. Those two also read as prose ("Basic
 * Cheeseburger"), so they count after an Authorization label, with a token of 16 characters or
 * more, as Basic when the token decodes to `user:password`, as Bearer at the start of the string.
 */
function isCredential(match: string, offset: number, text: string): boolean {
  const scheme = /^([Bb]asic|[Bb]earer)\s+/.exec(match);
  if (!scheme) return true;
  const token = match.slice(scheme[0].length);
  if (token.length >= 16 || AFTER_AUTHORIZATION.test(text.slice(Math.max(0, offset - 40), offset)))
    return true;
  if (/^[Bb]earer$/.test(scheme[1]!)) return offset === 0;
  return /^[\x20-\x7e]*:[\x20-\x7e]*$/.test(Buffer.from(token, 'base64').toString('latin1'));
}
