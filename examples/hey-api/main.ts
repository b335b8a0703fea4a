// The Data API through the SDK that @hey-api/openapi-ts generates from openapi.yaml: one function
// per operationId (getHealth, listOrders, ...). `make sdk` writes it to .sdk/hey-api/.
//   BASE_URL=http://localhost:3000 PLUGIN_API_KEY=pik_... npx tsx examples/hey-api/main.ts
import { createClient } from '../../.sdk/hey-api/client/index.js';
import { getHealth, getInstallation, getOrder, listOrders } from '../../.sdk/hey-api/index.js';

const baseUrl = `${(process.env.BASE_URL ?? 'http://localhost:3000').replace(/\/+$/, '')}/api/plugin/v1`;
const apiKey = process.env.PLUGIN_API_KEY;
if (!apiKey) throw new Error('Set PLUGIN_API_KEY (the banner of `make run` prints it).');

// `auth` fills in the X-Plugin-Api-Key header that openapi.yaml declares as the security scheme;
// X-Svc-Api-Version names the version the SDK was generated from, so the answers have its shapes.
const client = createClient({ baseUrl, auth: apiKey, headers: { 'X-Svc-Api-Version': '2026-11-29' } });

const { data: health } = await getHealth({ client, throwOnError: true });
const { data: installation } = await getInstallation({ client, throwOnError: true });
const { data: page } = await listOrders({ client, query: { limit: 2 }, throwOnError: true });
const first = page.data[0];
if (!first) throw new Error('The installation has no orders.');
const { data: order } = await getOrder({ client, path: { orderId: first.order_number }, throwOnError: true });
const missing = await getOrder({ client, path: { orderId: '999999999' } });

if (health.status !== 'ok' || order.data.order_id !== first.order_id || missing.response?.status !== 404) {
  throw new Error(`Unexpected answers: health ${health.status}, order ${order.data.order_id}, missing ${missing.response?.status}`);
}
console.log(
  `hey-api SDK: health ${health.status} for installation ${installation.data.installation_id}; ` +
    `${page.meta.count} orders on the first page (next_cursor ${page.meta.next_cursor ? 'set' : 'null'}); ` +
    `getOrder(${first.order_number}) ${order.data.status}; an unknown order 404`,
);
