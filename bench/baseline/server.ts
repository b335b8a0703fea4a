// Baseline for `make bench`: a minimal hand-written Express + pg server doing the same work as the
// service for each scenario (same key lookup, same rate-limit statement, same queries), with no
// contract validation, no framework routing and no error mapping. Ratios to it show what the
// service's layers cost.
import express from 'express';
import pg from 'pg';
import { ORDER_VIEW } from '../order-view-sql.js';
import { createDecipheriv, createHash, createHmac, timingSafeEqual } from 'node:crypto';

// The same secret handling as the service: the plugin's secret is stored AES-256-GCM encrypted.
const encryptionKey = Buffer.from(process.env.SVC_ENCRYPTION_KEY ?? '', 'base64');
function decryptSecret(sealed: string): string {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv!);
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8');
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = express();
app.use(
  express.json({ verify: (req, _res, buf) => ((req as unknown as { raw: Buffer }).raw = buf) }),
);

// The service's admission statement (src/domain/installations/access.ts): key lookup, the installation's rate
// limit, a route's own ceiling ($3, $4: inbound webhooks) and the sandbox idle clock, in one.
const UPSERT = `
    on conflict (bucket) do update set
      window_start = case when r.window_start <= now() - interval '1 minute' then now() else r.window_start end,
      count = case when r.window_start <= now() - interval '1 minute' then 1 else r.count + 1 end
    returning count, greatest(1, ceil(extract(epoch from (window_start + interval '1 minute' - now()))))::int as retry_after`;
const ADMIT = `
  with i as (
    select i.installation_id, i.plugin_id, i.organization_id, i.location_id, i.plane, i.sandbox_id, i.status,
           p.listing_status, p.supported_features, p.webhook_secret_enc, s.status as sandbox_status, s.schema_name,
           p.previous_webhook_secret_enc, p.previous_secret_expires_at,
           coalesce(p.previous_secret_expires_at > now(), false) as previous_secret_active,
           case when i.plane = 'sandbox'
                then s.schema_name is not null and to_regclass(quote_ident(s.schema_name) || '.orders') is not null
                else true end as schema_ok
      from control.installations i
      join control.plugins p on p.plugin_id = i.plugin_id
      left join control.sandboxes s on s.sandbox_id = i.sandbox_id
     where i.api_key_hash = $1
  ), admitted as (
    select installation_id, sandbox_id from i
     where status = 'active'
       and (plane = 'sandbox' or listing_status = 'active')
       and (plane = 'production' or (sandbox_status = 'active' and schema_ok))
  ), touch as (
    update control.sandboxes set last_accessed_at = now()
     where sandbox_id = (select sandbox_id from admitted) and last_accessed_at < now() - interval '1 minute'
     returning 1
  ), rate as (
    insert into control.rate_limits as r (bucket, window_start, count)
    select 'installation:' || installation_id, now(), 1 from admitted ${UPSERT}
  ), inbound as (
    insert into control.rate_limits as r (bucket, window_start, count)
    select $2::text || installation_id, now(), 1 from admitted, rate where $3 and rate.count <= $4 ${UPSERT}
  )
  select i.*, rate.count as rate_count, rate.retry_after as rate_retry_after,
         inbound.count as inbound_count, inbound.retry_after as inbound_retry_after
    from i left join rate on true left join inbound on true`;
const LIMIT = Number(process.env.SVC_RATE_LIMIT_PER_MINUTE ?? 60);

async function auth(req: express.Request, res: express.Response, inbound = false) {
  const key = req.header('x-plugin-api-key');
  if (!key) return void res.status(401).json({ error: 'missing_api_key' });
  const { rows } = await pool.query(ADMIT, [
    createHash('sha256').update(key).digest('hex'),
    inbound ? 'inbound:' : null,
    inbound,
    LIMIT,
  ]);
  const inst = rows[0];
  if (!inst || inst.status !== 'active')
    return void res.status(401).json({ error: 'invalid_api_key' });
  if (inst.rate_count > LIMIT || (inbound && inst.inbound_count > 600))
    return void res.status(429).json({ error: 'rate_limit_exceeded' });
  return inst as {
    installation_id: number;
    organization_id: number;
    location_id: number;
    webhook_secret_enc: string;
  };
}

const ORDER = `${ORDER_VIEW}
  where "production"."orders"."organization_id" = $3 and ("production"."orders"."order_id" = $4 or "production"."orders"."unique_orderid" = $5)
    and "production"."orders"."location_id" = $6
  order by orders.order_id = $7 desc limit $8`;

app.get('/api/plugin/v1/orders/:id', async (req, res) => {
  const inst = await auth(req, res);
  if (!inst) return;
  const id = Number(req.params.id);
  const { rows } = await pool.query(ORDER, [
    'sale',
    'failed',
    inst.organization_id,
    id,
    req.params.id,
    inst.location_id,
    id,
    1,
  ]);
  if (!rows[0]) return void res.status(404).json({ error: 'Order not found' });
  res.json({ data: rows[0] });
});

app.get('/api/plugin/v1/orders', async (req, res) => {
  const inst = await auth(req, res);
  if (!inst) return;
  const limit = Number(req.query.limit ?? 50);
  const { rows } = await pool.query(
    `${ORDER_VIEW} where "production"."orders"."organization_id" = $3 and "production"."orders"."location_id" = $4 order by "production"."orders"."order_id" limit $5`,
    ['sale', 'failed', inst.organization_id, inst.location_id, limit + 1],
  );
  res.json({
    data: rows.slice(0, limit),
    meta: { count: Math.min(rows.length, limit), limit, next_cursor: null },
  });
});

app.patch('/api/plugin/v1/menu/:id', async (req, res) => {
  const inst = await auth(req, res);
  if (!inst) return;
  const client = await pool.connect();
  try {
    await client.query('begin');
    const { rows } = await client.query(
      'select * from production.menu_items where item_id = $1 and location_id = $2 for update',
      [Number(req.params.id), inst.location_id],
    );
    if (!rows[0]) {
      await client.query('rollback');
      return void res.status(404).json({ error: 'Menu item not found' });
    }
    const updated = await client.query(
      'update production.menu_items set price = $2, updated_at = now() where item_id = $1 returning *',
      [rows[0].item_id, req.body.price],
    );
    await client.query(
      `insert into control.events (event_name, plane, organization_id, location_id, data) values ('menu.item_updated', 'production', $1, $2, $3)`,
      [
        inst.organization_id,
        inst.location_id,
        JSON.stringify({ ...updated.rows[0], changes: { price: req.body.price } }),
      ],
    );
    await client.query('commit');
    res.json({ data: updated.rows[0] });
  } catch (err) {
    await client.query('rollback');
    throw err;
  } finally {
    client.release();
  }
});

app.post('/api/plugin/v1/webhooks/external', async (req, res) => {
  const inst = await auth(req, res, true);
  if (!inst) return;
  const raw = (req as unknown as { raw: Buffer }).raw;
  const secret = decryptSecret(inst.webhook_secret_enc);
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = Buffer.from(req.header('x-svc-signature') ?? '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return void res.status(401).json({ error: 'invalid_signature' });
  const { rows } = await pool.query(
    `insert into control.webhook_logs (installation_id, direction, event_type, status, signature_valid, idempotency_key, payload)
     values ($1, 'inbound', $2, 'received', true, $3, $4) returning log_id`,
    [
      inst.installation_id,
      req.body.event_type,
      req.body.idempotency_key ?? null,
      JSON.stringify(req.body.payload),
    ],
  );
  res.status(201).json({
    data: { log_id: rows[0].log_id, event_type: req.body.event_type, status: 'received' },
  });
});

const server = app.listen(Number(process.env.PORT ?? 0), () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === 'object' && address ? address.port : ''}\n`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => process.exit(0));
}
