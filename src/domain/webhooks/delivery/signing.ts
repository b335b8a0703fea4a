import { signBody, signStandard } from '../../../lib/secrets.js';

// The signature headers of an outbound webhook attempt, in one pure function (the delivery worker
// spreads them into its request). Two schemes, one key:
//   X-Svc-Signature           hex HMAC-SHA256 of the raw body, keyed with the current secret (the spec's)
//   X-Svc-Signature-Previous  the same with the previous secret, only while a rotation's overlap runs
//   webhook-id / -timestamp / -signature   Standard Webhooks (https://www.standardwebhooks.com):
//       `v1,` + base64 HMAC-SHA256 of `{id}.{timestamp}.{body}`; during an overlap two entries,
//       space-separated, the current secret's first.
// Which secrets are "current" is the caller's to decide at send time (a previous secret is passed
// only while its stored expiry is in the future), so retries sign with the secrets of their moment.

export interface SigningSecrets {
  current: string;
  /** The previous secret while a rotation's overlap runs; null otherwise. */
  previous: string | null;
}

export interface DeliverySigningInput {
  /** The envelope `id`: the Standard Webhooks message id, the same on every attempt. */
  eventId: string;
  secrets: SigningSecrets;
  /** The exact bytes sent. */
  body: Buffer;
  /** When this attempt is signed. */
  now: Date;
}

export function deliveryHeaders({
  eventId,
  secrets,
  body,
  now,
}: DeliverySigningInput): Record<string, string> {
  const timestamp = Math.floor(now.getTime() / 1000);
  const keys = secrets.previous === null ? [secrets.current] : [secrets.current, secrets.previous];
  const headers: Record<string, string> = {
    'X-Svc-Signature': signBody(secrets.current, body),
    'webhook-id': eventId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': keys
      .map((key) => `v1,${signStandard(key, eventId, timestamp, body)}`)
      .join(' '),
  };
  if (secrets.previous !== null)
    headers['X-Svc-Signature-Previous'] = signBody(secrets.previous, body);
  return headers;
}
