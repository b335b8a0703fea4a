// A diagnostic target for `make bench` (the portal's first pages only): the portal's GraphQL engine
// as the service runs it (graphql-yoga, the SDL, its scalars and document limits, the views that
// shape a page) behind bare `node:http`, answering with a page read once at startup: no session
// check, no rate-limit write, no ownership check and no page read per request. Its CPU a request
// is what GraphQL alone costs a page; the service cannot cost less than the floor plus that. Not a
// product: nothing else is served.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { createSchema, createYoga } from 'graphql-yoga';
import { loadConfig } from '../../src/config.js';
import { createDatabase } from '../../src/db/database.js';
import { API_REQUEST_COLUMNS, WEBHOOK_LOG_COLUMNS } from '../../src/db/columns.js';
import { toTimePage } from '../../src/domain/shared/index.js';
import { documentLimitPlugins } from '../../src/portal/limits.js';
import { DateTimeScalar, JSONScalar } from '../../src/portal/scalars.js';
import { toApiRequestConnection } from '../../src/portal/views/api-request-views.js';
import { toWebhookLogConnection } from '../../src/portal/views/webhook-log-views.js';

const config = loadConfig();
const { db, pool } = createDatabase(config.databaseUrl!, { max: 1 });
const cursorAt = sql<string>`(extract(epoch from created_at) * 1000000)::bigint`.as('cursor_at');
// The newest 21 entries (a first page of 20 and one more), in the rows' shape the service reads.
const logs = await db
  .selectFrom('control.webhook_logs')
  .select([...WEBHOOK_LOG_COLUMNS, cursorAt])
  .orderBy('created_at', 'desc')
  .limit(21)
  .execute();
const requests = await db
  .selectFrom('control.api_requests')
  .select([...API_REQUEST_COLUMNS, cursorAt])
  .orderBy('created_at', 'desc')
  .limit(21)
  .execute();
await pool.end();
const webhookLogs = () => toWebhookLogConnection(toTimePage(logs, 20, (row) => row.log_id));
const apiRequests = () =>
  toApiRequestConnection(toTimePage(requests, 20, (row) => row.api_request_id));

const yoga = createYoga({
  schema: createSchema({
    typeDefs: readFileSync(new URL('../../src/portal/schema.graphql', import.meta.url), 'utf8'),
    resolvers: {
      DateTime: DateTimeScalar,
      JSON: JSONScalar,
      Query: { webhookLogs: async () => webhookLogs(), apiRequests: async () => apiRequests() },
    },
  }),
  graphqlEndpoint: '/graphql',
  landingPage: false,
  multipart: false,
  graphiql: false,
  plugins: documentLimitPlugins(),
  logging: false,
});

const server = http.createServer((req, res) => {
  if (req.url === '/healthz') return void res.writeHead(200).end();
  void yoga.requestListener(req, res);
});
server.listen(Number(process.env.PORT), '127.0.0.1');
