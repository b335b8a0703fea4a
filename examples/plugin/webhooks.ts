import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

/** The body of every webhook (asyncapi.yaml, served at /asyncapi.yaml and /docs/webhooks). */
export interface WebhookEnvelope {
  id: string;
  event: string;
  timestamp: string;
  installation_id: number;
  data: Record<string, unknown>;
}

const MAX_BODY_BYTES = 1024 * 1024;
const STANDARD_PREFIX = 'whsec_';

/**
 * The plugin's webhook secrets, newest first: usually one. The portal shows each secret in two
 * forms, the 64-character `webhookSecret` and `webhookSecretStandard` (`whsec_` + base64 of the
 * same bytes); either form works here. To rotate without losing a webhook: rotate in the portal
 * (the platform then signs with both secrets for the overlap, 24 hours by default), put the new
 * secret first and deploy, and drop the old one once the overlap is over.
 */
export type WebhookSecrets = readonly string[];

/** The 64-character form (the key of X-Svc-Signature). */
export function hexSecret(secret: string): string {
  return secret.startsWith(STANDARD_PREFIX)
    ? Buffer.from(secret.slice(STANDARD_PREFIX.length), 'base64').toString('utf8')
    : secret;
}

/** The Standard Webhooks form (what the standardwebhooks and svix packages take): whsec_ + base64 of the same bytes. */
export function standardSecret(secret: string): string {
  return secret.startsWith(STANDARD_PREFIX)
    ? secret
    : `${STANDARD_PREFIX}${Buffer.from(secret, 'utf8').toString('base64')}`;
}

/** X-Svc-Signature: hex HMAC-SHA256 of the raw body bytes, keyed with the 64-character webhook secret. */
export function sign(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', hexSecret(secret)).update(rawBody).digest('hex');
}

/**
 * The hex recipe, over the exact bytes received (never a re-serialised JSON), in constant time.
 * X-Svc-Signature is made with the platform's current secret; during a rotation's overlap
 * X-Svc-Signature-Previous carries the previous secret's. Valid when either matches one of ours.
 */
export function isValidSignature(
  rawBody: Buffer,
  headers: http.IncomingHttpHeaders,
  secrets: WebhookSecrets,
): boolean {
  const received = [headers['x-svc-signature'], headers['x-svc-signature-previous']].filter(
    (h): h is string => typeof h === 'string' && /^[0-9a-f]{64}$/.test(h),
  );
  return secrets.some((secret) => {
    const expected = Buffer.from(sign(rawBody, secret), 'hex');
    return received.some((header) => timingSafeEqual(Buffer.from(header, 'hex'), expected));
  });
}

/**
 * The Standard Webhooks signature, with the `standardwebhooks` npm package: `webhook-signature`
 * (one entry per platform secret during an overlap) over `{webhook-id}.{webhook-timestamp}.{body}`,
 * and a timestamp within 5 minutes of our clock (a replayed request is refused). True when one of
 * our secrets verifies it.
 */
export function verifyStandard(
  rawBody: Buffer,
  headers: http.IncomingHttpHeaders,
  secrets: WebhookSecrets,
): boolean {
  const flat = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : String(value),
    ]),
  );
  return secrets.some((secret) => {
    try {
      new Webhook(standardSecret(secret)).verify(rawBody.toString('utf8'), flat, {
        jsonParse: false,
      });
      return true;
    } catch (err) {
      if (err instanceof WebhookVerificationError) return false;
      throw err;
    }
  });
}

/**
 * A webhook endpoint: verify first (401 otherwise), answer 204 at once, handle the event
 * afterwards. Both signatures are checked, to show both recipes: the Standard Webhooks one with
 * the package, and X-Svc-Signature with the hex recipe (one of them would do). `secrets` is read
 * on every request, so a rotation is a change of that array. Delivery is at-least-once (a retry,
 * or the same event twice), so events are deduplicated by the envelope's `id`. Unknown events and
 * fields are acknowledged and ignored. In production, keep the seen ids and the work in your
 * database or a queue, not in memory.
 */
export function createWebhookReceiver(options: {
  secrets: WebhookSecrets;
  handle: (event: WebhookEnvelope) => Promise<void>;
}): http.Server {
  const seen = new Set<string>();
  const remember = (id: string) => {
    seen.add(id);
    if (seen.size > 10_000) seen.delete(seen.values().next().value!);
  };

  return http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/webhooks') return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      if (
        !verifyStandard(raw, req.headers, options.secrets) ||
        !isValidSignature(raw, req.headers, options.secrets)
      ) {
        return void res.writeHead(401).end();
      }
      res.writeHead(204).end();
      let event: WebhookEnvelope;
      try {
        event = JSON.parse(raw.toString('utf8')) as WebhookEnvelope;
      } catch {
        return; // signed but not JSON: nothing to do
      }
      if (seen.has(event.id)) return;
      remember(event.id);
      setImmediate(() => {
        options
          .handle(event)
          .catch((err: unknown) =>
            console.error(`  webhook ${event.event} ${event.id} failed:`, err),
          );
      });
    });
  });
}
