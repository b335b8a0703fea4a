import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../support/context.js';
import { insertEventHistory } from '../support/event-history.js';
import {
  createDeveloperKey,
  createProjectAndPlugin,
  gql,
  gqlData,
  gqlError,
  provisionPortalSandbox,
  signUpDeveloper,
  type PortalDeveloper,
} from '../support/portal-builders.js';
import { ConnectionShares } from '../../src/portal/connection-shares.js';

// Security review 4, finding 1 (and the first part of 7): a page of deliveries with their requests
// and attempts is read in a few statements, not about five a node; `first: $n` costs n nodes; a
// response's bodies and payloads are bounded; a developer's portal work holds at most its share of
// the pool; signatures in request headers are shown to portal sessions only.

let t: TestContext;
let dev: PortalDeveloper & { installationId: number };
let key: string;

const LARGE = 80_000;

beforeAll(async () => {
  t = await createTestContext();
  const owner = await signUpDeveloper(t.app, 'Ada');
  const { pluginId } = await createProjectAndPlugin(t.app, owner.token);
  const sandbox = await provisionPortalSandbox(t.app, owner.token, pluginId);
  dev = { ...owner, installationId: Number(sandbox.installationId) };
  key = (await createDeveloperKey(t.app, owner.token, ['plugins:read'])).key;
  // 100 deliveries, 1..40 with a small body, 41..100 with an 80 kB one (4.8 MB in all); every attempt signed.
  await insertEventHistory(t.db, { installationId: dev.installationId, count: 100 });
  await sql`update control.events e set data = e.data || jsonb_build_object('notes', repeat('n', ${LARGE}::int))
             from control.webhook_logs l where l.installation_id = ${dev.installationId} and e.event_id = l.event_id and l.sequence > 40`.execute(
    t.db,
  );
  await sql`update control.webhook_delivery_attempts a
               set request_headers = jsonb_build_object('X-Svc-Signature', 'sha256=' || l.log_id, 'X-Svc-Signature-Previous', 'sha256=prev',
                                                        'webhook-signature', 'v1,' || l.log_id, 'X-Svc-Delivery', l.delivery_id::text)
              from control.webhook_logs l where l.installation_id = ${dev.installationId} and a.log_id = l.log_id`.execute(
    t.db,
  );
}, 60_000);
afterAll(() => t.close());

const PAGE = `query($n: Int, $after: String) { webhookDeliveries(first: $n, after: $after) {
  nodes { id sequence request { body headers { name value } } deliveryAttempts { attempt headers { name value } } }
  pageInfo { endCursor } } }`;

/** Connections the app takes from the pool while `work` runs. */
async function connectionsTaken(work: () => Promise<unknown>): Promise<number> {
  let taken = 0;
  const count = () => (taken += 1);
  t.pool.on('acquire', count);
  try {
    await work();
  } finally {
    t.pool.off('acquire', count);
  }
  return taken;
}

describe('a page of deliveries with their requests and attempts', () => {
  it('when 30 of them are read with their requests and attempts, then a few statements read them, not five a node', async () => {
    let page: any;
    const taken = await connectionsTaken(async () => {
      page = (await gqlData(t.app, dev.token, PAGE, { n: 30 })).webhookDeliveries;
    });
    expect(page.nodes).toHaveLength(30);
    // The gate (credentials, rate limit), the page, its bodies and its attempts.
    expect(taken).toBeLessThanOrEqual(8);
    const newest = page.nodes[0];
    expect(newest.sequence).toBe(100);
    expect(JSON.parse(newest.request.body)).toMatchObject({
      event: 'order.paid',
      installation_id: dev.installationId,
      sequence: 100,
      data: { notes: 'n'.repeat(LARGE) },
    });
    expect(newest.deliveryAttempts).toEqual([
      {
        attempt: 1,
        headers: expect.arrayContaining([
          { name: 'X-Svc-Signature', value: `sha256=${newest.id}` },
        ]),
      },
    ]);
    expect(newest.request.headers).toEqual(newest.deliveryAttempts[0].headers);
  });

  it('when the rest are paged through, then each body is the one its single entry shows', async () => {
    const nodes: any[] = [];
    for (let after: string | null = null, i = 0; i < 4; i += 1) {
      const page: any = (await gqlData(t.app, dev.token, PAGE, { n: 25, after })).webhookDeliveries;
      nodes.push(...page.nodes);
      after = page.pageInfo.endCursor;
    }
    expect(nodes.map((n: { sequence: number }) => n.sequence)).toEqual(
      Array.from({ length: 100 }, (_, i) => 100 - i),
    );
    const single = await gqlData(
      t.app,
      dev.token,
      'query($id: ID!) { webhookLog(id: $id) { request { body } } }',
      { id: nodes[99].id },
    );
    expect(nodes[99].request.body).toBe(single.webhookLog.request.body);
    expect(JSON.parse(nodes[99].request.body).data.notes).toBeUndefined();
  });
});

describe('the cost of `first` given as a variable', () => {
  const ALIASED = (n: number) =>
    `query($n: Int) { ${Array.from({ length: n }, (_, i) => `a${i}: webhookDeliveries(first: $n) { nodes { request { body } deliveryAttempts { attempt } } }`).join(' ')} }`;

  it('when 30 aliases ask for $n = 100 nodes with their requests, then validation_error for the cost, before anything runs', async () => {
    let res: any;
    const taken = await connectionsTaken(async () => {
      res = await gql(t.app, dev.token, ALIASED(30), { n: 100 });
    });
    const error = gqlError(res);
    expect(error).toMatchObject({
      code: 'validation_error',
      details: { query: [expect.stringContaining('the limit is 5000')] },
    });
    expect(error.message).toMatch(/over the cost limit: its cost is \d+/);
    expect(taken).toBeLessThanOrEqual(2); // the gate's own
  });

  it('when one page of 100 asks for them, or 30 aliases for one node each, then it runs', async () => {
    const one = await gqlData(
      t.app,
      dev.token,
      'query($n: Int) { webhookDeliveries(first: $n) { nodes { id sequence deliveryAttempts { attempt } } } }',
      { n: 100 },
    );
    expect(one.webhookDeliveries.nodes).toHaveLength(100);
    const many = await gqlData(t.app, dev.token, ALIASED(30), { n: 1 });
    expect(Object.keys(many)).toHaveLength(30);
  });

  it('when $n is past the maximum, then validation_error names first', async () => {
    const res = await gql(
      t.app,
      dev.token,
      'query($n: Int) { webhookDeliveries(first: $n) { nodes { id } } }',
      { n: 1_000_000 },
    );
    expect(gqlError(res)).toMatchObject({
      code: 'validation_error',
      details: { first: ['must be an integer from 1 to 100'] },
    });
  });
});

describe("a response's size", () => {
  it('when the bodies asked for pass 4 MB, then one response_too_large error says what to do, and a smaller page works', async () => {
    const query =
      'query($n: Int) { webhookDeliveries(first: $n) { nodes { id request { body } } } }';
    const res = await gql(t.app, dev.token, query, { n: 100 });
    expect(res.status).toBe(200);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0]).toMatchObject({
      message: expect.stringMatching(/more than 4 MB .*fewer nodes \(`first`\)/),
      extensions: { code: 'response_too_large' },
    });
    const smaller = await gqlData(t.app, dev.token, query, { n: 20 });
    expect(smaller.webhookDeliveries.nodes).toHaveLength(20);
  });
});

describe('signatures in request headers', () => {
  const SIGNATURES = ['X-Svc-Signature', 'X-Svc-Signature-Previous', 'webhook-signature'];
  const query =
    'query($n: Int) { webhookDeliveries(first: $n) { nodes { id request { headers { name value } } deliveryAttempts { headers { name value } } } } }';
  const headersOf = (node: any) =>
    [...node.request.headers, ...node.deliveryAttempts[0].headers] as {
      name: string;
      value: string;
    }[];

  it('when a developer key reads them, then the signatures are masked and the other headers are as sent', async () => {
    const [node] = (await gqlData(t.app, key, query, { n: 1 })).webhookDeliveries.nodes;
    for (const h of headersOf(node).filter((h) => SIGNATURES.includes(h.name)))
      expect(h.value).toBe('(shown to portal sessions only)');
    expect(headersOf(node).filter((h) => SIGNATURES.includes(h.name))).toHaveLength(6);
    expect(headersOf(node).find((h) => h.name === 'X-Svc-Delivery')?.value).toMatch(
      /^[0-9a-f-]{36}$/,
    );
  });

  it('when a portal session reads them, then they are shown as sent', async () => {
    const [node] = (await gqlData(t.app, dev.token, query, { n: 1 })).webhookDeliveries.nodes;
    expect(headersOf(node)).toEqual(
      expect.arrayContaining([
        { name: 'X-Svc-Signature', value: `sha256=${node.id}` },
        { name: 'webhook-signature', value: `v1,${node.id}` },
      ]),
    );
  });
});

describe("a developer's share of the pool", () => {
  it('when one developer runs many statements at once, then they hold at most their share, and another developer does not wait behind them', async () => {
    const pool = (await import('pg')).default.Pool;
    const own = new pool({ connectionString: t.databaseUrl, max: 8 });
    try {
      const shares = new ConnectionShares(own, 2, 10_000);
      let held = 0;
      let most = 0;
      own.on('acquire', () => (most = Math.max(most, (held += 1))));
      own.on('release', () => (held -= 1));
      const flood = shares.run(1, () =>
        Promise.all(Array.from({ length: 12 }, () => own.query('select pg_sleep(0.1)'))),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = performance.now();
      await shares.run(2, () => own.query('select 1'));
      const waited = performance.now() - started;
      await flood;
      expect(most).toBeLessThanOrEqual(3); // developer 1's two, and developer 2's one
      expect(waited).toBeLessThan(100);
    } finally {
      await own.end();
    }
  });
});
