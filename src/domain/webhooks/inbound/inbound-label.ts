// What the inbound audit log (control.webhook_logs) stores of a request. PostgreSQL refuses a NUL
// in text and jsonb, and an unpaired UTF-16 surrogate in jsonb (JSON.stringify writes it as a
// \udXXX escape): a refused request carrying either must still leave its audit row, so its labels
// are stored with those characters replaced (U+FFFD). A label that is shown as a single line
// (event_type, idempotency_key) also loses its control characters: a terminal printing
// `svc events list` must not receive escape sequences from whoever held the installation key.

const UNSTORABLE = /\u0000|\p{Cs}/u;
const UNSTORABLE_ALL = /\u0000|\p{Cs}/gu;
const NOT_A_LABEL = /\p{Cc}|\p{Cs}/gu;

export interface Label {
  event_type: string;
  idempotency_key: string | null;
  payload: Record<string, unknown> | null;
}

/** Whether a string, or any string or key inside a JSON value, cannot be stored as it is. */
export function hasUnstorable(value: unknown): boolean {
  if (typeof value === 'string') return UNSTORABLE.test(value);
  if (Array.isArray(value)) return value.some(hasUnstorable);
  if (value !== null && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => UNSTORABLE.test(k) || hasUnstorable(v));
  return false;
}

/** A JSON value with every string and key storable; fromEntries keeps a `__proto__` key a key. */
function storable(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(UNSTORABLE_ALL, '\uFFFD');
  if (Array.isArray(value)) return value.map(storable);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k.replace(UNSTORABLE_ALL, '\uFFFD'), storable(v)]),
    );
  }
  return value;
}

const labelText = (text: string) => text.replace(NOT_A_LABEL, '\uFFFD');

/** The storable label of a request, from its fields when they have the right shape (cut to their maxima). */
export function labelOf(body: unknown): Label {
  const b = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<
    string,
    unknown
  >;
  const payload =
    b.payload && typeof b.payload === 'object' && !Array.isArray(b.payload)
      ? (storable(b.payload) as Record<string, unknown>)
      : null;
  return {
    event_type: typeof b.event_type === 'string' ? labelText(b.event_type.slice(0, 100)) : '',
    idempotency_key:
      typeof b.idempotency_key === 'string' ? labelText(b.idempotency_key.slice(0, 128)) : null,
    payload,
  };
}
