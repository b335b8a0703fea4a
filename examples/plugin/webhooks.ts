import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

/** The body of every webhook (asyncapi.yaml, served at /asyncapi.yaml and /docs/webhooks). */
export interface WebhookEnvelope {
  id: string;
  event: string;
  timestamp: string;
  installation_id: number;
  data: Record<string, unknown>;
}

const MAX_BODY_BYTES = 1024 * 1024;

/** X-Svc-Signature: hex HMAC-SHA256 of the raw body bytes, keyed with the webhook secret. */
export function sign(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Verify over the exact bytes received (never a re-serialised JSON), in constant time. */
export function isValidSignature(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header || !/^[0-9a-f]{64}$/.test(header)) return false;
  return timingSafeEqual(Buffer.from(header, 'hex'), Buffer.from(sign(rawBody, secret), 'hex'));
}

/**
 * A webhook endpoint: verify the signature first (401 otherwise), answer 204 at once, handle the
 * event afterwards. Delivery is at-least-once (a retry, or the same event twice), so events are
 * deduplicated by the envelope's `id`. Unknown events and fields are acknowledged and ignored.
 * In production, keep the seen ids and the work in your database or a queue, not in memory.
 */
export function createWebhookReceiver(options: { secret: string; handle: (event: WebhookEnvelope) => Promise<void> }): http.Server {
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
      if (!isValidSignature(raw, req.headers['x-svc-signature'] as string | undefined, options.secret)) {
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
        options.handle(event).catch((err: unknown) => console.error(`  webhook ${event.event} ${event.id} failed:`, err));
      });
    });
  });
}
