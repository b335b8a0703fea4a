// The delivery floor: the least correct work of a webhook delivery, in a process of its own as the
// worker is, with no database and no queue. It signs FLOOR_COUNT envelopes (the spec's hex
// X-Svc-Signature and the Standard Webhooks headers, HMAC-SHA256 with FLOOR_SECRET, each at send
// time as the worker signs) and POSTs them to FLOOR_ENDPOINT over keep-alive HTTPS with undici
// (32 connections, up to FLOOR_IN_FLIGHT requests at once: the worker's own agent and most
// attempts in flight), then waits to be stopped. What it reaches on this machine, against the same receiver as
// the service, is the most deliveries per second the worker could send here.
import { createHmac, randomUUID } from 'node:crypto';
import { Agent, request } from 'undici';

const endpoint = process.env.FLOOR_ENDPOINT!;
const secret = process.env.FLOOR_SECRET!;
const count = Number(process.env.FLOOR_COUNT ?? 10_000);
const inFlight = Number(process.env.FLOOR_IN_FLIGHT ?? 800);
const agent = new Agent({ keepAliveTimeout: 30_000, connections: 32 });

async function deliver(n: number): Promise<void> {
  const id = randomUUID();
  const body = Buffer.from(
    JSON.stringify({
      id,
      event: 'order.status_changed',
      timestamp: new Date().toISOString(),
      installation_id: 1,
      data: {
        order_id: n,
        unique_orderid: `FLOOR-${n}`,
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
}

let next = 0;
await Promise.all(
  Array.from({ length: inFlight }, async () => {
    while (next < count) await deliver(next++);
  }),
);
await agent.close();
// Then idle until the bench stops it: its CPU time is read after the last receipt, which can reach
// the bench after this process would otherwise have exited.
setInterval(() => {}, 60_000);
