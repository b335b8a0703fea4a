// The delivery floor: the least correct work of a webhook delivery, in a process of its own as the
// worker is, with no database and no queue. It signs FLOOR_COUNT envelopes (the spec's hex
// X-Svc-Signature and the Standard Webhooks headers, HMAC-SHA256 with FLOOR_SECRET, each at send
// time as the worker signs) and POSTs them to FLOOR_ENDPOINT over keep-alive HTTPS with undici
// (32 connections, up to FLOOR_IN_FLIGHT requests at once: the worker's own agent and most
// attempts in flight), then waits to be stopped. What it reaches on this machine, against the same receiver as
// the service, is the most deliveries per second the worker could send here.
// FLOOR_RECORD=1 (the delivery floor of record, bench/results/README.md): it also records each attempt in
// PostgreSQL, as little as at-least-once needs. It sends the pending deliveries of
// FLOOR_INSTALLATION (read once at startup) in batches of FLOOR_BATCH, and after each batch's POSTs
// one statement: the INSERT of the batch's attempts and the UPDATE of their deliveries.
import { createHmac, randomUUID } from 'node:crypto';
import pg from 'pg';
import { Agent, request } from 'undici';

const endpoint = process.env.FLOOR_ENDPOINT!;
const secret = process.env.FLOOR_SECRET!;
const count = Number(process.env.FLOOR_COUNT ?? 10_000);
const inFlight = Number(process.env.FLOOR_IN_FLIGHT ?? 800);
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 32 });
const record = process.env.FLOOR_RECORD === '1';
/** The worker's default batch (SVC_WEBHOOK_BATCH_SIZE). */
const batchSize = Number(process.env.FLOOR_BATCH ?? 200);

/** One delivery's POST; its status and duration. */
async function deliver(n: number): Promise<{ httpStatus: number; durationMs: number }> {
  const started = performance.now();
  const id = randomUUID();
  const body = Buffer.from(
    JSON.stringify({
      id,
      event: 'order.status_changed',
      timestamp: new Date().toISOString(),
      installation_id: 1,
      data: {
        order_id: n,
        order_number: `FLOOR-${n}`,
        old_status: 'CREATED',
        new_status: 'COOKING',
      },
      sequence: n + 1,
      request_id: null,
    }),
  );
  const timestamp = Math.floor(Date.now() / 1000);
  const standard = createHmac('sha256', secret)
    .update(`${id}.${timestamp}.`)
    .update(body)
    .digest('base64');
  const res = await request(endpoint, {
    method: 'POST',
    dispatcher: agent,
    body,
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': 'Svc-Webhooks/1.0',
      'X-Svc-Event': 'order.status_changed',
      'X-Svc-Signature': createHmac('sha256', secret).update(body).digest('hex'),
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': `v1,${standard}`,
      'X-Svc-Delivery': randomUUID(),
      'X-Svc-Attempt': '1',
    },
  });
  await res.body.dump();
  if (res.statusCode >= 300) throw new Error(`floor: the receiver answered ${res.statusCode}`);
  return { httpStatus: res.statusCode, durationMs: Math.round(performance.now() - started) };
}

// The batch's attempts and their deliveries' new state in one round trip: the attempt rows, then
// the deliveries still pending marked delivered (an attempt recorded twice is harmless: at least once).
const RECORD = `
  with ins as (
    insert into control.webhook_delivery_attempts (log_id, log_created_at, attempt, status, http_status, duration_ms)
    select log_id, created_at, 1, 'delivered', http_status, duration_ms
      from unnest($1::int[], $2::timestamptz[], $3::int[], $4::int[]) as v(log_id, created_at, http_status, duration_ms)
    returning log_id, http_status, duration_ms)
  update control.webhook_logs l
     set status = 'delivered', attempts = 1, http_status = ins.http_status, duration_ms = ins.duration_ms,
         last_attempt_at = now(), updated_at = now()
    from ins where l.log_id = ins.log_id and l.status = 'pending'`;

async function sendAndRecord(): Promise<void> {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 8 });
  const { rows: pending } = await pool.query<{ log_id: number; created_at: Date }>(
    `select log_id, created_at from control.webhook_logs where installation_id = $1 and status = 'pending' order by log_id`,
    [Number(process.env.FLOOR_INSTALLATION)],
  );
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.round(inFlight / batchSize)) }, async () => {
      while (next < pending.length) {
        const batch = pending.slice(next, (next += batchSize));
        const sent = await Promise.all(batch.map((row) => deliver(row.log_id)));
        await pool.query({
          name: 'floor_record',
          text: RECORD,
          values: [
            batch.map((r) => r.log_id),
            batch.map((r) => r.created_at),
            sent.map((r) => r.httpStatus),
            sent.map((r) => r.durationMs),
          ],
        });
      }
    }),
  );
  await pool.end();
}

async function send(): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) await deliver(next++);
    }),
  );
}

await (record ? sendAndRecord() : send());
await agent.close();
// Then idle until the bench stops it: its CPU time is read after the last receipt, which can reach
// the bench after this process would otherwise have exited.
setInterval(() => {}, 60_000);
