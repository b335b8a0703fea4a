// Floor reference for `make bench`: the least correct work for each scenario, on `node:http` and
// `pg` with named (prepared) statements. The key lookup only reads (no rate-limit write); the order
// view, the list and the inbound write are the service's own SQL. What the service reaches of this
// floor is what its layers and its rate limit cost; the baseline (bench/baseline) sits in between.
// The inbound write claims its idempotency key as the service does (the spec's deduplication is
// part of the least correct work).
// FLOOR_RATE_LIMIT=1 (the `floor, rate-limited` target): the key lookup also charges the
// installation's shared rate-limit bucket, in the same one statement a request, as DESIGN.md has
// the service do (a bucket every process shares, so a row written per request), and answers 429
// past SVC_RATE_LIMIT_PER_MINUTE.
import http from 'node:http';
import { createDecipheriv, createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ORDER_VIEW, ORDER_VIEW_PARAMETERS } from '../order-view-sql.js';
import { inTransaction, query, send, type Installation } from './common.js';
import { acknowledge, createOrder, listEvents } from './orders-events.js';
import { portal } from './portal.js';

const encryptionKey = Buffer.from(process.env.SVC_ENCRYPTION_KEY ?? '', 'base64');
function decryptSecret(sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
}

const KEY = `
  select i.installation_id, i.organization_id, i.location_id, i.status, p.listing_status, p.webhook_secret_enc
    from control.installations i join control.plugins p on p.plugin_id = i.plugin_id
   where i.api_key_hash = $1`;

const ORDER = `${ORDER_VIEW}
  where "production"."orders"."organization_id" = $3 and ("production"."orders"."order_id" = $4 or "production"."orders"."unique_orderid" = $5)
    and "production"."orders"."location_id" = $6
  order by orders.order_id = $7 desc limit $8`;
const LIST = `${ORDER_VIEW} where "production"."orders"."organization_id" = $3 and "production"."orders"."location_id" = $4 order by "production"."orders"."order_id" limit $5`;
const INBOUND = `insert into control.webhook_logs (installation_id, direction, event_type, status, signature_valid, idempotency_key, payload)
     values ($1, 'inbound', $2, 'received', true, $3, $4) returning log_id`;
// With an idempotency key, the service's own statement: the key claimed (or taken over after 24
// hours) and the entry written under the log_id it claimed; a duplicate claims nothing.
const INBOUND_CLAIM = `
  with claim as (
    insert into control.inbound_webhook_keys as k (installation_id, idempotency_key, log_id)
    values ($1, $3, nextval(pg_get_serial_sequence('control.webhook_logs', 'log_id')))
    on conflict (installation_id, idempotency_key) do update set log_id = excluded.log_id, created_at = now()
      where k.created_at <= now() - '24 hours'::interval
    returning log_id)
  insert into control.webhook_logs (log_id, installation_id, direction, event_type, idempotency_key, payload, attempts, status, signature_valid, http_status)
    overriding system value
  select log_id, $1, 'inbound', $2, $3, $4::jsonb, 1, 'received', true, 201 from claim
  returning log_id`;
const INBOUND_ORIGINAL =
  'select log_id from control.inbound_webhook_keys where installation_id = $1 and idempotency_key = $2';

// The key lookup and the charge of the installation's bucket in one statement: the bucket is
// counted only for a key it admits, with the service's own upsert (src/domain/installations/access.ts:
// a one-minute window fixed at the bucket's first request). Not batched across requests as the
// service's is: one statement a request is the least the design asks for.
const KEY_CHARGED = `
  with k as (${KEY}
  ), rate as (
    insert into control.rate_limits as r (bucket, window_start, count)
    select 'installation:' || installation_id, now(), 1 from k where status = 'active' and listing_status = 'active'
    on conflict (bucket) do update set
      window_start = case when r.window_start <= now() - interval '1 minute' then now() else r.window_start end,
      count = case when r.window_start <= now() - interval '1 minute' then excluded.count else r.count + excluded.count end
    returning count, greatest(1, ceil(extract(epoch from (window_start + interval '1 minute' - now()))))::int as retry_after)
  select k.*, rate.count as rate_count, rate.retry_after as rate_retry_after from k left join rate on true`;
const rateLimited = process.env.FLOOR_RATE_LIMIT === '1';
const perMinute = Number(process.env.SVC_RATE_LIMIT_PER_MINUTE ?? 60);

/** The installation of the request's key; 'limited' past its bucket's limit (FLOOR_RATE_LIMIT=1). */
async function installationOf(req: http.IncomingMessage): Promise<Installation | 'limited' | null> {
  const key = req.headers['x-plugin-api-key'];
  if (typeof key !== 'string') return null;
  const hash = createHash('sha256').update(key).digest('hex');
  const { rows } = rateLimited
    ? await query('floor_key_charged', KEY_CHARGED, [hash])
    : await query('floor_key', KEY, [hash]);
  const inst = rows[0] as (Installation & { rate_count?: number }) | undefined;
  if (!inst || inst.status !== 'active' || inst.listing_status !== 'active') return null;
  return rateLimited && inst.rate_count! > perMinute ? 'limited' : inst;
}

async function handle(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://floor');
  if (url.pathname === '/healthz') return send(res, 200, { ok: true });
  if (req.method === 'POST' && url.pathname === '/graphql') return portal(req, res, body);
  const inst = await installationOf(req);
  if (!inst) return send(res, 401, { error: 'invalid_api_key' });
  if (inst === 'limited') return send(res, 429, { error: 'rate_limited' });
  const order = /^\/api\/plugin\/v1\/orders\/([^/]+)$/.exec(url.pathname);
  if (req.method === 'GET' && order) {
    const id = Number(order[1]);
    const { rows } = await query('floor_order', ORDER, [
      ...ORDER_VIEW_PARAMETERS,
      inst.organization_id,
      Number.isInteger(id) ? id : null,
      order[1],
      inst.location_id,
      id,
      1,
    ]);
    return rows[0]
      ? send(res, 200, { data: rows[0] })
      : send(res, 404, { error: 'Order not found' });
  }
  if (req.method === 'GET' && url.pathname === '/api/plugin/v1/orders') {
    const limit = Number(url.searchParams.get('limit') ?? 50);
    const { rows } = await query('floor_list', LIST, [
      ...ORDER_VIEW_PARAMETERS,
      inst.organization_id,
      inst.location_id,
      limit + 1,
    ]);
    return send(res, 200, {
      data: rows.slice(0, limit),
      meta: { count: Math.min(rows.length, limit), limit, next_cursor: null },
    });
  }
  const item = /^\/api\/plugin\/v1\/menu\/(\d+)$/.exec(url.pathname);
  if (req.method === 'PATCH' && item) {
    const { price } = JSON.parse(body.toString('utf8')) as { price: number };
    const updated = await inTransaction(async (q) => {
      const { rows } = await q(
        'floor_item',
        'select item_id from production.menu_items where item_id = $1 and location_id = $2 for update',
        [Number(item[1]), inst.location_id],
      );
      if (!rows[0]) return undefined;
      const {
        rows: [row],
      } = await q(
        'floor_price',
        'update production.menu_items set price = $2, updated_at = now() where item_id = $1 returning *',
        [rows[0].item_id, price],
      );
      await q(
        'floor_event',
        `insert into control.events (event_name, plane, organization_id, location_id, data) values ('menu.item_updated', 'production', $1, $2, $3)`,
        [inst.organization_id, inst.location_id, JSON.stringify({ ...row, changes: { price } })],
      );
      return row;
    });
    return updated
      ? send(res, 200, { data: updated })
      : send(res, 404, { error: 'Menu item not found' });
  }
  if (req.method === 'POST' && url.pathname === '/api/plugin/v1/orders')
    return createOrder(req, res, inst, body);
  if (req.method === 'GET' && url.pathname === '/api/plugin/v1/events')
    return listEvents(res, inst, url);
  if (req.method === 'POST' && url.pathname === '/api/plugin/v1/events/ack')
    return acknowledge(res, inst, body);
  if (req.method === 'POST' && url.pathname === '/api/plugin/v1/webhooks/external') {
    const expected = createHmac('sha256', decryptSecret(inst.webhook_secret_enc))
      .update(body)
      .digest();
    const given = Buffer.from(String(req.headers['x-svc-signature'] ?? ''), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return send(res, 401, { error: 'invalid_signature' });
    const input = JSON.parse(body.toString('utf8')) as {
      event_type: string;
      idempotency_key?: string;
      payload: unknown;
    };
    const payload = JSON.stringify(input.payload);
    if (input.idempotency_key === undefined) {
      const { rows } = await query('floor_inbound', INBOUND, [
        inst.installation_id,
        input.event_type,
        null,
        payload,
      ]);
      return send(res, 201, {
        data: { log_id: rows[0].log_id, event_type: input.event_type, status: 'received' },
      });
    }
    const { rows } = await query('floor_inbound_claim', INBOUND_CLAIM, [
      inst.installation_id,
      input.event_type,
      input.idempotency_key,
      payload,
    ]);
    if (rows[0])
      return send(res, 201, {
        data: { log_id: rows[0].log_id, event_type: input.event_type, status: 'received' },
      });
    const { rows: original } = await query('floor_inbound_original', INBOUND_ORIGINAL, [
      inst.installation_id,
      input.idempotency_key,
    ]);
    return send(res, 200, {
      data: {
        log_id: original[0].log_id,
        event_type: input.event_type,
        status: 'received',
        duplicate: true,
      },
    });
  }
  send(res, 404, { error: 'not_found' });
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    handle(req, res, Buffer.concat(chunks)).catch(() =>
      send(res, 500, { error: 'internal_error' }),
    );
  });
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(0));
