import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import http from 'node:http';
import { createInstallation, production, type InstallationFixture } from '../support/builders.js';
import { createMenuItem } from '../support/catalog-builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { waitUntil } from '../support/webhook-receiver.js';
import {
  startService,
  stopService,
  timedFetch,
  type Answer,
  type ServiceProcess,
} from '../support/service-process.js';

// A rolling restart: SIGTERM to an API process under load. It stops accepting, answers what was
// already sent (a request whose body is still arriving included), closes keep-alive connections
// with its answers, and exits 0 within SVC_SHUTDOWN_GRACE_MS.

let t: TestContext;
let inst: InstallationFixture;
let itemId: number;
const services: ServiceProcess[] = [];

beforeAll(async () => {
  t = await createTestContext({}, { jobs: { workers: false } });
  inst = await createInstallation(t.db);
  itemId = (await createMenuItem(t.db, inst.locationId)).item_id;
});
afterAll(async () => {
  for (const s of services) await stopService(s);
  await t.close();
});

const env = () => ({
  DATABASE_URL: t.databaseUrl,
  SVC_RATE_LIMIT_PER_MINUTE: '100000',
  SVC_SHUTDOWN_GRACE_MS: '5000',
});
const orderBody = (key: string) =>
  JSON.stringify({
    order_type: 'takeaway',
    external_order_id: key,
    items: [{ item_id: itemId, quantity: 1 }],
  });

/** A POST /orders whose body arrives in two halves, `gapMs` apart. */
function slowPost(
  url: string,
  key: string,
  gapMs: number,
): { sent: Promise<void>; answer: Promise<{ status: number; body: string }> } {
  const body = Buffer.from(orderBody(key));
  const req = http.request(`${url}/api/plugin/v1/orders`, {
    method: 'POST',
    headers: {
      'X-Plugin-Api-Key': inst.apiKey,
      'Content-Type': 'application/json',
      'Content-Length': String(body.length),
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    req.on('error', reject);
  });
  req.write(body.subarray(0, 10));
  const sent = new Promise<void>((resolve) =>
    req.once('socket', (s) => s.once('connect', () => resolve())),
  );
  setTimeout(() => req.end(body.subarray(10)), gapMs);
  return { sent, answer };
}

describe('SIGTERM to an API process under load', () => {
  it('when the process is signalled, then every request sent before is answered without a 5xx, it exits 0 within the grace period, and nothing acknowledged is lost', async () => {
    const service = await startService('api', env());
    services.push(service);
    const answers: (Answer & { key: string })[] = [];
    let going = true;
    let n = 0;
    const loops = Array.from({ length: 4 }, async () => {
      while (going && service.child.exitCode === null) {
        const key = `term-${(n += 1)}`;
        answers.push({
          key,
          ...(await timedFetch(`${service.url}/api/plugin/v1/orders`, {
            method: 'POST',
            headers: { 'X-Plugin-Api-Key': inst.apiKey, 'Content-Type': 'application/json' },
            body: orderBody(key),
          })),
        });
      }
    });
    await waitUntil(
      () => answers.filter((a) => a.status === 201).length >= 20,
      30_000,
      'orders before the signal',
    );
    const slow = slowPost(service.url, 'term-slow', 1000);
    await slow.sent;
    const signalledAt = Date.now();
    service.child.kill('SIGTERM');
    const code = await service.exited;
    const exitedAfter = Date.now() - signalledAt;
    going = false;
    await Promise.all(loops);

    expect(code).toBe(0);
    expect(exitedAfter).toBeLessThan(5000 + 1000);
    expect((await slow.answer).status).toBe(201);
    const before = answers.filter((a) => a.at < signalledAt);
    expect(before.length).toBeGreaterThan(10);
    expect(before.filter((a) => a.status !== 201)).toEqual([]);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);

    // A new process on the same database: every acknowledged order is there.
    const next = await startService('api', env());
    services.push(next);
    const acknowledged = [
      ...answers.filter((a) => a.status === 201).map((a) => a.key),
      'term-slow',
    ];
    const rows = await production(t.db)
      .selectFrom('orders')
      .select('external_order_id')
      .where('external_order_id', 'in', acknowledged)
      .execute();
    expect(rows.length).toBe(acknowledged.length);
    expect(
      (
        await timedFetch(`${next.url}/api/plugin/v1/health`, {
          headers: { 'X-Plugin-Api-Key': inst.apiKey },
        })
      ).status,
    ).toBe(200);
  }, 120_000);
});
