import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  createInstallation,
  createSandboxInstallation,
  production,
  type InstallationFixture,
} from '../support/builders.js';
import { createCustomer, createOrderRow } from '../support/catalog-builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { call } from '../support/http.js';

let t: TestContext;
let inst: InstallationFixture;
let stranger: InstallationFixture;
// Customers of inst's organization, by how the installation relates to them.
let home: number,
  unplaced: number,
  visitor: number,
  otherHome: number,
  otherVisitor: number,
  foreign: number;

beforeAll(async () => {
  t = await createTestContext({ SVC_RATE_LIMIT_PER_MINUTE: '100000' });
  [inst, stranger] = await Promise.all([createInstallation(t.db), createInstallation(t.db)]);
  const org = inst.organizationId;
  home = (
    await createCustomer(t.db, org, {
      name: 'Ana Souza',
      email: 'ana.souza@example.com',
      phone: '+14155550123',
      location_id: inst.locationId,
    })
  ).customer_id;
  unplaced = (
    await createCustomer(t.db, org, {
      name: 'Bruno Lima',
      email: 'BRUNO@Example.org',
      phone: '+351 912 345 678',
      location_id: null,
    })
  ).customer_id;
  visitor = (
    await createCustomer(t.db, org, {
      name: 'Carla 100%_Real',
      email: null,
      phone: null,
      location_id: inst.otherLocationId,
    })
  ).customer_id;
  otherHome = (
    await createCustomer(t.db, org, { name: 'Dora Souza', location_id: inst.otherLocationId })
  ).customer_id;
  otherVisitor = (
    await createCustomer(t.db, org, { name: 'Eva Souza', location_id: inst.otherLocationId })
  ).customer_id;
  foreign = (
    await createCustomer(t.db, stranger.organizationId, {
      name: 'Fay Souza',
      email: 'fay@example.com',
      location_id: stranger.locationId,
    })
  ).customer_id;
  await createOrderRow(t.db, {
    organizationId: org,
    locationId: inst.locationId,
    customerId: visitor,
  });
  await createOrderRow(t.db, {
    organizationId: org,
    locationId: inst.otherLocationId,
    customerId: otherVisitor,
  });
  await createOrderRow(t.db, {
    organizationId: stranger.organizationId,
    locationId: stranger.locationId,
    customerId: foreign,
  });
});
afterAll(() => t.close());

const ids = (res: { body: { data: { customer_id: number }[] } }) =>
  res.body.data.map((c) => c.customer_id);
const list = async (query = '') => {
  const res = await call(t.app, 'get', `/customers${query}`, { key: inst.apiKey });
  expect(res.status).toBe(200);
  return res;
};

describe('GET /customers', () => {
  it('when listing, then it shows customers homed at its location or nowhere, and those with an order there, in id order', async () => {
    const res = await list();
    expect(ids(res)).toEqual([home, unplaced, visitor]);
    expect(res.body.meta).toEqual({ count: 3, limit: 50, next_cursor: null });
    expect(res.body.data[0]).toEqual({
      customer_id: home,
      name: 'Ana Souza',
      email: 'ana.souza@example.com',
      phone: '+14155550123',
      location_id: inst.locationId,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(ids(res)).not.toContain(otherHome);
    expect(ids(res)).not.toContain(otherVisitor);
    expect(ids(res)).not.toContain(foreign);
  });

  it('when searching, then it matches a substring of the name, the email or the phone, case-insensitively', async () => {
    expect(ids(await list('?search=souza'))).toEqual([home]);
    expect(ids(await list('?search=SOUZA'))).toEqual([home]);
    expect(ids(await list('?search=example.ORG'))).toEqual([unplaced]);
    expect(ids(await list('?search=bruno%40'))).toEqual([unplaced]);
    expect(ids(await list('?search=912%20345'))).toEqual([unplaced]);
    expect(ids(await list('?search=%2B1415'))).toEqual([home]);
    expect(ids(await list('?search=nobody'))).toEqual([]);
  });

  it('when the search term holds % or _, then they match themselves, not any text', async () => {
    expect(ids(await list('?search=%25'))).toEqual([visitor]);
    expect(ids(await list('?search=0%25_r'))).toEqual([visitor]);
    expect(ids(await list('?search=_'))).toEqual([visitor]);
  });

  it('when since is given, then only customers updated at or after it', async () => {
    const fixture = await createInstallation(t.db);
    const old = await createCustomer(t.db, fixture.organizationId, {
      updated_at: new Date('2026-01-01T00:00:00Z'),
    });
    const exact = await createCustomer(t.db, fixture.organizationId, {
      updated_at: new Date('2026-02-01T00:00:00Z'),
    });
    const recent = await createCustomer(t.db, fixture.organizationId, {
      updated_at: new Date('2026-03-01T00:00:00Z'),
    });
    const res = await call(t.app, 'get', '/customers?since=2026-02-01T00:00:00Z', {
      key: fixture.apiKey,
    });
    expect(ids(res)).toEqual([exact.customer_id, recent.customer_id]);
    const offset = await call(t.app, 'get', '/customers?since=2026-02-01T01:00:00%2B01:00', {
      key: fixture.apiKey,
    });
    expect(ids(offset)).toEqual([exact.customer_id, recent.customer_id]);
    expect(ids(offset)).not.toContain(old.customer_id);
  });

  it('when paging with limit and next_cursor, then every customer comes once', async () => {
    const first = await list('?limit=2');
    expect(first.body.meta).toEqual({ count: 2, limit: 2, next_cursor: expect.any(String) });
    const second = await list(`?limit=2&cursor=${first.body.meta.next_cursor}`);
    expect(second.body.meta.next_cursor).toBeNull();
    expect([...ids(first), ...ids(second)]).toEqual([home, unplaced, visitor]);
  });

  it('when location_id is its own, then the same set; another of its locations is 403; an unknown one is 422', async () => {
    expect(ids(await list(`?location_id=${inst.locationId}`))).toEqual([home, unplaced, visitor]);
    const forbidden = await call(t.app, 'get', `/customers?location_id=${inst.otherLocationId}`, {
      key: inst.apiKey,
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('location_forbidden');
    const unknown = await call(t.app, 'get', `/customers?location_id=${stranger.locationId}`, {
      key: inst.apiKey,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.error).toBe('validation_error');
  });

  it('when a parameter is malformed, then 400 validation_error names it', async () => {
    for (const [query, field] of [
      ['search=', 'search'],
      [`search=${'x'.repeat(101)}`, 'search'],
      ['since=yesterday', 'since'],
      ['limit=0', 'limit'],
      ['cursor=zzz', 'cursor'],
    ] as const) {
      const res = await call(t.app, 'get', `/customers?${query}`, { key: inst.apiKey });
      expect(res.status).toBe(400);
      expect(res.body.details).toHaveProperty([field]);
    }
  });
});

describe('GET /customers/{customerId}', () => {
  it('when the customer has orders at several locations, then only those at its location are counted, the 10 newest listed first', async () => {
    const fixture = await createInstallation(t.db);
    const customer = await createCustomer(t.db, fixture.organizationId, {
      location_id: fixture.locationId,
    });
    const base = Date.parse('2026-03-01T12:00:00Z');
    const here = [];
    for (let i = 0; i < 12; i++) {
      here.push(
        await createOrderRow(t.db, {
          organizationId: fixture.organizationId,
          locationId: fixture.locationId,
          customerId: customer.customer_id,
          createdAt: new Date(base + i * 60_000),
        }),
      );
    }
    for (let i = 0; i < 3; i++) {
      // Newer than any order here: they would lead the list if they were counted.
      await createOrderRow(t.db, {
        organizationId: fixture.organizationId,
        locationId: fixture.otherLocationId,
        customerId: customer.customer_id,
        createdAt: new Date(base + 3_600_000),
      });
    }
    await createOrderRow(t.db, {
      organizationId: fixture.organizationId,
      locationId: fixture.locationId,
      customerId: null,
    });

    const res = await call(t.app, 'get', `/customers/${customer.customer_id}`, {
      key: fixture.apiKey,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      customer_id: customer.customer_id,
      name: customer.name,
      email: null,
      phone: null,
      location_id: fixture.locationId,
      created_at: customer.created_at.toISOString(),
      updated_at: customer.updated_at.toISOString(),
      visible_order_count: 12,
      recent_order_ids: here
        .slice(2)
        .reverse()
        .map((o) => o.order_id),
    });
  });

  it('when the customer has no visible orders, then the count is zero and the list empty', async () => {
    const res = await call(t.app, 'get', `/customers/${unplaced}`, { key: inst.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      customer_id: unplaced,
      visible_order_count: 0,
      recent_order_ids: [],
    });
  });

  it('when visible only through an order at its location, then that order is counted', async () => {
    const res = await call(t.app, 'get', `/customers/${visitor}`, { key: inst.apiKey });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      customer_id: visitor,
      location_id: inst.otherLocationId,
      visible_order_count: 1,
    });
  });

  it('when the customer is absent, homed elsewhere without orders here, or of another organization, then 404 not_found', async () => {
    for (const customerId of [999999, otherHome, otherVisitor, foreign]) {
      const res = await call(t.app, 'get', `/customers/${customerId}`, { key: inst.apiKey });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'not_found', message: expect.any(String) });
    }
  });

  it('when the id is not a positive integer, then 400', async () => {
    expect((await call(t.app, 'get', '/customers/abc', { key: inst.apiKey })).status).toBe(400);
  });

  it('when an order of another organization points at the customer, then it is not counted', async () => {
    // A data error the POS could make: the location filter keeps it out, as the location is the stranger's.
    await production(t.db)
      .insertInto('orders')
      .values({
        organization_id: stranger.organizationId,
        location_id: stranger.locationId,
        customer_id: home,
        unique_orderid: `X-${home}`,
        status: 'CREATED',
        order_type: 'takeaway',
        total: '1.00',
        currency: 'EUR',
      })
      .execute();
    const res = await call(t.app, 'get', `/customers/${home}`, { key: inst.apiKey });
    expect(res.body.data.visible_order_count).toBe(0);
  });
});

describe('in a sandbox', () => {
  it('when a sandbox key is used, then customers and their visible orders come from the sandbox data plane', async () => {
    const sandbox = await createSandboxInstallation(t.db);
    const list = await call(t.app, 'get', '/customers?search=ana', { key: sandbox.apiKey });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { name: string }) => c.name)).toEqual(['Ana Ferreira']);
    const detail = await call(t.app, 'get', `/customers/${list.body.data[0].customer_id}`, {
      key: sandbox.apiKey,
    });
    expect(detail.status).toBe(200);
    expect(detail.body.data.visible_order_count).toBeGreaterThan(0);
    expect(detail.body.data.recent_order_ids).toHaveLength(detail.body.data.visible_order_count);
  });
});
