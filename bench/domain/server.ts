// A diagnostic target for `make bench` (GET /orders/{orderId} only): the service's own domain,
// unchanged (admitInstallation with its rate-limit write, then getOrder through Kysely and the
// named statements), behind bare `node:http` instead of the service's doors (Express,
// openapi-backend routing and validation, the error mapper, metrics, the request log). Between the
// service and this target is what the doors cost; between this target and the floor, what the
// domain's admission and Kysely cost. Not a product: nothing else is served.
import http from 'node:http';
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { admitInstallation } from '../../src/domain/installations/index.js';
import { getOrder } from '../../src/domain/orders/index.js';
import type { EventSink } from '../../src/domain/webhooks/index.js';

const config = loadConfig();
const { db } = createDatabase(config.databaseUrl!, { max: config.databasePoolSize });
// A read emits nothing: the context only carries the sink.
const events: EventSink = {
  emit: () => Promise.reject(new Error('the diagnostic server does not write')),
};
const ORDER = /^\/api\/plugin\/v1\/orders\/([^/?]+)$/;

const server = http.createServer(async (req, res) => {
  const match = ORDER.exec(req.url ?? '');
  const key = req.headers['x-plugin-api-key'];
  if (!match || typeof key !== 'string') {
    res.writeHead(req.url === '/healthz' ? 200 : 404).end();
    return;
  }
  try {
    const { auth, rateLimit } = await admitInstallation(db, events, key, {
      perMinute: config.rateLimitPerMinute,
    });
    const body = JSON.stringify({ data: await getOrder(auth, decodeURIComponent(match[1]!)) });
    res
      .writeHead(200, {
        'content-type': 'application/json',
        'x-ratelimit-limit': String(rateLimit.limit),
        'x-ratelimit-remaining': String(rateLimit.remaining),
      })
      .end(body);
  } catch (err) {
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: (err as Error).message }));
  }
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 3000));
