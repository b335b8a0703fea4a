import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { runOperatorCommand } from '../../src/cli/operator-command.js';
import { production } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { expectValidEventData, outboxEvents } from '../support/events.js';
import { call } from '../support/http.js';
import {
  createDeveloperKey,
  createProjectAndPlugin,
  expectHttpError,
  gql,
  gqlData,
  gqlError,
  provisionPortalSandbox,
  randomIp,
  signUpDeveloper,
  type PortalDeveloper,
} from '../support/portal-builders.js';

// The platform operator: bootstrapped from the CLI, a portal session with role operator. Reviews
// listings, onboards restaurants in production and acts for them in the marketplace and at the
// point of sale. Developers are refused every operator field before anything executes.

let t: TestContext;
let operator: string;
let dev: PortalDeveloper;

/** Runs `svc operator ...` in process and returns its exit code and output. */
async function cli(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOperatorCommand(t.db, t.config.passwordHash, argv, {
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

async function logIn(email: string, password: string): Promise<string> {
  const data = await gqlData(
    t.app,
    undefined,
    'mutation($email: String!, $password: String!) { logIn(email: $email, password: $password) { token } }',
    { email, password },
    { headers: { 'X-Forwarded-For': randomIp() } },
  );
  return data.logIn.token;
}

beforeAll(async () => {
  t = await createTestContext();
  const created = await cli('create', '--email', 'ops@example.com', '--name', 'Platform Ops');
  const password = /Password \(shown once, store it now\): (\S+)/.exec(created.out)![1]!;
  operator = await logIn('ops@example.com', password);
  dev = await signUpDeveloper(t.app);
});
afterAll(() => t.close());

const op = (query: string, variables?: Record<string, unknown>) =>
  gqlData(t.app, operator, query, variables);
const opError = async (query: string, variables?: Record<string, unknown>) =>
  gqlError(await gql(t.app, operator, query, variables));

const REVIEW =
  'mutation($id: ID!, $action: ReviewAction!) { reviewPlugin(pluginId: $id, action: $action) { id listingStatus } }';
const review = async (id: string, action: string) =>
  (await op(REVIEW, { id, action })).reviewPlugin.listingStatus;
const INSTALL = `mutation($plugin: ID!, $org: ID!, $loc: ID!) {
  installPlugin(pluginId: $plugin, organizationId: $org, locationId: $loc) { installationId status setupToken setupUrl authorizeUrl installation { plane organizationId locationId isTrial } }
}`;

/** A developer's plugin, sent to review and made active by the operator. */
async function activeListing(input: Record<string, unknown> = {}) {
  const plugin = await createProjectAndPlugin(t.app, dev.token, input);
  await gqlData(t.app, dev.token, 'mutation($id: ID!) { submitPluginForReview(id: $id) { id } }', {
    id: plugin.pluginId,
  });
  expect(await review(plugin.pluginId, 'approve')).toBe('approved');
  expect(await review(plugin.pluginId, 'activate')).toBe('active');
  return plugin;
}

async function restaurant(currency = 'EUR') {
  const org = (
    await op('mutation { createOrganization(name: "Tasca do Ze") { id name locations { id } } }')
  ).createOrganization;
  const loc = (
    await op(
      'mutation($org: ID!, $c: String!) { createLocation(organizationId: $org, name: "Alfama", currency: $c, timezone: "Europe/Lisbon") { id currency timezone organizationId } }',
      {
        org: org.id,
        c: currency,
      },
    )
  ).createLocation;
  return { orgId: org.id as string, locationId: loc.id as string };
}

async function exchange(setupToken: string): Promise<string> {
  const res = await call(t.app, 'post', '/setup-token/exchange', {
    body: { setup_token: setupToken },
    headers: { 'X-Forwarded-For': randomIp() },
  });
  expect(res.status).toBe(200);
  return res.body.data.api_key;
}

describe('svc operator create', () => {
  it('when a password is given, then it is not printed and the operator logs in with it', async () => {
    const result = await cli(
      'create',
      '--email',
      'Second.Ops@Example.com',
      '--name',
      'Second',
      '--password',
      'a long enough operator password',
    );
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out).toContain('second.ops@example.com');
    expect(result.out).not.toContain('a long enough operator password');
    const token = await logIn('second.ops@example.com', 'a long enough operator password');
    expect((await gqlData(t.app, token, '{ listings { id } }')).listings).toEqual(
      expect.any(Array),
    );
  });

  it('when the email is taken or the input is wrong, then exit 1 naming the problem; bad usage exits 2', async () => {
    expect(await cli('create', '--email', 'ops@example.com', '--name', 'Again')).toMatchObject({
      code: 1,
      err: expect.stringContaining('--email: is already registered'),
    });
    expect(
      await cli('create', '--email', 'x@example.com', '--name', 'Short', '--password', 'short'),
    ).toMatchObject({ code: 1, err: expect.stringContaining('--password') });
    expect((await cli('create', '--email', 'y@example.com')).code).toBe(2);
    expect((await cli('delete', '--email', 'y@example.com', '--name', 'Y')).code).toBe(2);
    expect(
      (await cli('create', '--email', 'y@example.com', '--name', 'Y', '--role', 'admin')).code,
    ).toBe(2);
  });
});

describe('who may call operator fields', () => {
  it('when a developer calls one, then 403 forbidden before anything executes', async () => {
    expectHttpError(
      await gql(t.app, dev.token, 'mutation { createOrganization(name: "Sneaky") { id } }'),
      403,
      'forbidden',
    );
    expectHttpError(await gql(t.app, dev.token, '{ listings { id } }'), 403, 'forbidden');
    // A document mixing a developer field with an operator one runs neither.
    expectHttpError(
      await gql(
        t.app,
        dev.token,
        'mutation { createProject(name: "Mixed") { id } runTrialSweep { ending } }',
      ),
      403,
      'forbidden',
    );
    expect(
      (await gqlData(t.app, dev.token, '{ myDeveloperProjects { name } }')).myDeveloperProjects,
    ).not.toContainEqual({ name: 'Mixed' });
    const sneaky = await production(t.db)
      .selectFrom('organizations')
      .select('organization_id')
      .where('name', '=', 'Sneaky')
      .execute();
    expect(sneaky).toEqual([]);
  });

  it('when an operator uses a developer key, then 403 portal_session_required', async () => {
    const { key } = await createDeveloperKey(t.app, operator);
    expectHttpError(
      await gql(t.app, key, 'mutation { createOrganization(name: "By key") { id } }'),
      403,
      'portal_session_required',
    );
  });

  it('when nobody is logged in, then 401', async () => {
    expectHttpError(
      await gql(t.app, undefined, 'mutation { runTrialSweep { ending } }'),
      401,
      'authentication_failed',
    );
  });
});

describe('reviewPlugin', () => {
  it('when a listing moves through review, then each allowed move lands and a refused one lists the allowed actions', async () => {
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    const notSubmitted = await opError(REVIEW, { id: pluginId, action: 'approve' });
    expect(notSubmitted).toMatchObject({ code: 'invalid_transition' });
    await gqlData(
      t.app,
      dev.token,
      'mutation($id: ID!) { submitPluginForReview(id: $id) { id } }',
      { id: pluginId },
    );
    const queue = (await op('{ listings(status: under_review) { id listingStatus } }')).listings;
    expect(queue).toContainEqual({ id: pluginId, listingStatus: 'under_review' });

    const early = gqlError(
      await gql(t.app, operator, REVIEW, { id: pluginId, action: 'activate' }),
    );
    expect(early.code).toBe('invalid_transition');
    const raw = await gql(t.app, operator, REVIEW, { id: pluginId, action: 'activate' });
    expect(raw.body.errors[0].extensions.allowed_actions).toEqual(['approve', 'reject', 'delete']);

    expect(await review(pluginId, 'reject')).toBe('rejected');
    await gqlData(
      t.app,
      dev.token,
      'mutation($id: ID!) { submitPluginForReview(id: $id) { id } }',
      { id: pluginId },
    );
    for (const [action, status] of [
      ['approve', 'approved'],
      ['activate', 'active'],
      ['suspend', 'suspended'],
      ['activate', 'active'],
      ['deprecate', 'deprecated'],
      ['delete', 'deleted'],
    ]) {
      expect([action, await review(pluginId, action!)]).toEqual([action, status]);
    }
    expect((await opError(REVIEW, { id: pluginId, action: 'delete' })).code).toBe('not_found');
    expect(
      gqlError(
        await gql(t.app, dev.token, 'query($id: ID!) { plugin(id: $id) { id } }', { id: pluginId }),
      ).code,
    ).toBe('not_found');
  });
});

describe('onboarding', () => {
  it('when an organization and a location are created, then the organization lists it', async () => {
    const { orgId, locationId } = await restaurant('usd');
    const org = (
      await op(
        'query($id: ID!) { organization(id: $id) { id name subscriptionStatus locations { id currency timezone } } }',
        { id: orgId },
      )
    ).organization;
    expect(org).toEqual({
      id: orgId,
      name: 'Tasca do Ze',
      subscriptionStatus: 'active',
      locations: [{ id: locationId, currency: 'USD', timezone: 'Europe/Lisbon' }],
    });
  });

  it('when the currency or timezone is not real, or the organization unknown, then validation_error or not_found', async () => {
    const { orgId } = await restaurant();
    const bad = await opError(
      'mutation($org: ID!) { createLocation(organizationId: $org, name: "X", currency: "EURO", timezone: "Mars/Olympus") { id } }',
      { org: orgId },
    );
    expect(bad).toMatchObject({
      code: 'validation_error',
      details: { currency: [expect.any(String)], timezone: [expect.any(String)] },
    });
    expect(
      (
        await opError(
          'mutation { createLocation(organizationId: "999999", name: "X", currency: "EUR", timezone: "UTC") { id } }',
        )
      ).code,
    ).toBe('not_found');
    expect((await opError('mutation { createOrganization(name: "  ") { id } }')).details).toEqual({
      name: ['must be 1 to 200 characters'],
    });
  });
});

describe('the marketplace in production', () => {
  it('when a free listing is installed, then it is active, the key works, and the listing status gates every call', async () => {
    const plugin = await activeListing({ supportedEvents: ['installation.*'] });
    const { orgId, locationId } = await restaurant();
    const installed = (await op(INSTALL, { plugin: plugin.pluginId, org: orgId, loc: locationId }))
      .installPlugin;
    expect(installed).toMatchObject({
      status: 'active',
      authorizeUrl: null,
      installation: { plane: 'production', organizationId: orgId, locationId, isTrial: false },
    });
    const events = await outboxEvents(t.db, { installationId: Number(installed.installationId) });
    expect(events.map((e) => e.event_name)).toEqual(['installation.created']);
    expect(events[0]!).toMatchObject({
      plane: 'production',
      organization_id: Number(orgId),
      location_id: Number(locationId),
    });

    const key = await exchange(installed.setupToken);
    expect((await call(t.app, 'get', '/installation', { key })).status).toBe(200);
    const unavailable = {
      status: 403,
      body: {
        error: 'plugin_listing_unavailable',
        message: 'This plugin listing is not available.',
      },
    };
    for (const action of ['suspend', 'activate', 'deprecate']) {
      await review(plugin.pluginId, action);
      const responses = [
        await call(t.app, 'get', '/health', { key }),
        await call(t.app, 'get', '/installation', { key }),
        await call(t.app, 'get', '/orders', { key }),
        await call(t.app, 'post', '/orders', {
          key,
          body: { order_type: 'takeaway', items: [{ item_id: 1, quantity: 1 }] },
        }),
      ];
      for (const res of responses) {
        if (action === 'activate') expect(res.body.error).not.toBe('plugin_listing_unavailable');
        else expect({ status: res.status, body: res.body }).toEqual(unavailable);
      }
    }
    // A deprecated listing takes no new installations either.
    expect(
      (await opError(INSTALL, { plugin: plugin.pluginId, org: orgId, loc: locationId })).code,
    ).toBe('validation_error');

    const removed = (
      await op(
        'mutation($id: ID!) { removeInstallation(installationId: $id) { status removedAt } }',
        { id: installed.installationId },
      )
    ).removeInstallation;
    expect(removed).toEqual({ status: 'removed', removedAt: expect.any(String) });
    expect(
      (await outboxEvents(t.db, { installationId: Number(installed.installationId) })).map(
        (e) => e.event_name,
      ),
    ).toEqual(['installation.created', 'installation.removed']);
  });

  it('when a paid listing with a trial is installed, then checkout starts the trial and the sweep ends and converts it', async () => {
    const plugin = await activeListing({
      pricing: { model: 'paid', price: '19.00' },
      trialDays: 10,
      oauth: undefined,
    });
    const { orgId, locationId } = await restaurant();
    const installed = (await op(INSTALL, { plugin: plugin.pluginId, org: orgId, loc: locationId }))
      .installPlugin;
    expect(installed.status).toBe('pending_payment');
    const id = installed.installationId;
    const checkout = (
      await op(
        'mutation($id: ID!) { completeCheckout(installationId: $id) { status isTrial trialEndsAt } }',
        { id },
      )
    ).completeCheckout;
    expect(checkout).toMatchObject({ status: 'active', isTrial: true });
    const endsAt = new Date(checkout.trialEndsAt).getTime();
    const sweep = (now: number) =>
      op('mutation($now: DateTime) { runTrialSweep(now: $now) { ending converted } }', {
        now: new Date(now).toISOString(),
      });
    expect((await sweep(endsAt - 2 * 86_400_000)).runTrialSweep).toEqual({
      ending: 1,
      converted: 0,
    });
    expect((await sweep(endsAt + 1000)).runTrialSweep).toEqual({ ending: 0, converted: 1 });
    const events = await outboxEvents(t.db, { installationId: Number(id) });
    expect(events.map((e) => e.event_name)).toEqual([
      'trial.started',
      'trial.ending',
      'subscription.activated',
    ]);
    for (const e of events) expectValidEventData(e.event_name, e.data);
    expect(
      (await opError('mutation($id: ID!) { completeCheckout(installationId: $id) { id } }', { id }))
        .code,
    ).toBe('invalid_transition');
  });

  it('when the listing is oauth2, then the install answers the link that starts the provider handshake', async () => {
    const plugin = await activeListing({
      integrationType: 'oauth2',
      oauth: {
        clientId: 'client-1',
        clientSecret: 'secret-1',
        scopes: ['accounting'],
        authorizeUrl: 'https://provider.example.com/authorize',
        tokenUrl: 'https://provider.example.com/token',
      },
    });
    const { orgId, locationId } = await restaurant();
    const installed = (await op(INSTALL, { plugin: plugin.pluginId, org: orgId, loc: locationId }))
      .installPlugin;
    expect(installed.authorizeUrl).toMatch(
      new RegExp(
        `^${t.config.baseUrl}/api/v1/oauth/authorize/${installed.installationId}\\?token=`,
      ),
    );
  });

  it('when the operator names a sandbox installation, or a developer a production one, then each is refused', async () => {
    const plugin = await activeListing();
    const sandbox = await provisionPortalSandbox(t.app, dev.token, plugin.pluginId);
    expect(
      (
        await opError('mutation($id: ID!) { removeInstallation(installationId: $id) { id } }', {
          id: sandbox.installationId,
        })
      ).code,
    ).toBe('not_found');
    const { orgId, locationId } = await restaurant();
    const installed = (await op(INSTALL, { plugin: plugin.pluginId, org: orgId, loc: locationId }))
      .installPlugin;
    const res = await gql(
      t.app,
      dev.token,
      'mutation($id: ID!) { simulateRemoval(installationId: $id) { id } }',
      { id: installed.installationId },
      { headers: { 'X-Forwarded-For': randomIp() } },
    );
    expect(gqlError(res)).toMatchObject({
      code: 'validation_error',
      details: { installationId: [expect.stringContaining('production installation')] },
    });
  });
});

describe('the point of sale in production', () => {
  it('when the operator rings up and settles an order, then its events reach the production location', async () => {
    const { locationId } = await restaurant();
    const item = (
      await op(
        'mutation($loc: ID!) { posMenuItemCreated(locationId: $loc, input: { name: "Bifana", price: "4.50" }) { id } }',
        { loc: locationId },
      )
    ).posMenuItemCreated;
    const order = (
      await op(
        'mutation($loc: ID!, $item: ID!) { posOrder(locationId: $loc, input: { items: [{ itemId: $item, quantity: 2 }] }) { id total status } }',
        { loc: locationId, item: item.id },
      )
    ).posOrder;
    expect(order).toMatchObject({ total: '9.00', status: 'CREATED' });
    const sale = (
      await op(
        'mutation($loc: ID!, $id: ID!) { posSale(locationId: $loc, orderId: $id, input: { viaCardProcessor: true }) { order { status } } }',
        { loc: locationId, id: order.id },
      )
    ).posSale;
    expect(sale.order.status).toBe('PAID');
    const events = (await outboxEvents(t.db)).filter((e) => e.location_id === Number(locationId));
    expect(events.map((e) => e.event_name).sort()).toEqual([
      'menu.item_created',
      'order.created',
      'order.paid',
      'order.status_changed',
      'payment.succeeded',
    ]);
    expect(events.every((e) => e.plane === 'production')).toBe(true);
    expect((await opError('mutation { posOrder(locationId: "999999") { id } }')).code).toBe(
      'not_found',
    );
  });
});

describe('runSandboxIdleSweep', () => {
  it('when run as of a day inside the warning window, then the idle sandbox is warned', async () => {
    const { pluginId } = await createProjectAndPlugin(t.app, dev.token);
    const sandbox = await provisionPortalSandbox(t.app, dev.token, pluginId);
    const now = new Date(Date.now() + (t.config.sandboxIdleDays - 6) * 86_400_000).toISOString();
    const result = (
      await op('mutation($now: DateTime) { runSandboxIdleSweep(now: $now) { warned expired } }', {
        now,
      })
    ).runSandboxIdleSweep;
    expect(result.warned).toContain(sandbox.sandboxId);
    expect(result.expired).toEqual([]);
    const [warning] = await outboxEvents(t.db, {
      installationId: Number(sandbox.installationId),
      names: ['sandbox.expiry_warning'],
    });
    expectValidEventData('sandbox.expiry_warning', warning!.data);
  });
});
