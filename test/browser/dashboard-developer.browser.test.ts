import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import { signBody } from '../../src/lib/secrets.js';
import { installInProduction } from '../support/builders.js';
import { emit, scopeOf } from '../support/webhook-fixtures.js';
import { createTestTls } from '../support/tls.js';
import {
  createProjectAndPlugin,
  gql,
  gqlData,
  PASSWORD,
  provisionPortalSandbox,
  signUpDeveloper,
  type PortalDeveloper,
} from '../support/portal-builders.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { checkPage, logIn, startDashboard, type DashboardHarness } from './dashboard-harness.js';

// A developer's day in the dashboard, against one server with its webhook workers and a real
// HTTPS receiver: plugins (settings, secret rotation, review), developer keys.

let h: DashboardHarness;
let receiver: Receiver;
let dev: PortalDeveloper;
let page: Page;
/** Deep links to this developer's records, opened by another developer at the end. */
const deepLinks: Record<string, string> = {};

beforeAll(async () => {
  const tls = createTestTls();
  receiver = await startReceiver(tls);
  h = await startDashboard(
    {
      SVC_WEBHOOK_ALLOW_PRIVATE: '1',
      SVC_WEBHOOK_BACKOFF_SECONDS: '1,1,1',
      SVC_SCENARIO_SPEED: '20',
      // A developer's day at a robot's pace: more pages a minute than a person opens. The
      // dashboard's own budget (polling, waiting out a 429) is dashboard-live.browser.test.ts's.
      SVC_PORTAL_SESSION_REQUESTS_PER_MINUTE: '600',
    },
    { jobs: { webhookCa: tls.ca } },
  );
  dev = await signUpDeveloper(h.t.app, 'Ada Lovelace');
  ({ page } = await h.newPage());
  await logIn(page, h.origin, dev.email, PASSWORD);
}, 90_000);
afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

describe('Plugins', () => {
  it('when a plugin is created, edited with a bad endpoint and then a good one, then the error shows at its field and the settings are saved', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Plugins' }).click();
    await page.getByText('No plugins yet').waitFor();
    await checkPage(page, 'plugins-empty');
    await page.getByRole('button', { name: 'New plugin' }).click();
    await page.getByLabel('Project name').fill('Courier');
    await page.getByLabel('Plugin name').fill('Courier Connect');
    await page.getByRole('button', { name: 'Create plugin' }).click();
    const created = page.getByRole('status').filter({ hasText: 'is created' });
    await created.waitFor();
    expect(await created.innerText()).toMatch(/[0-9a-f]{64}/);
    expect(await created.innerText()).toMatch(/whsec_/);
    await checkPage(page, 'plugins-created');
    await page.getByRole('link', { name: 'Open Courier Connect' }).click();
    await page.getByRole('heading', { name: 'Courier Connect' }).waitFor();

    await page.getByLabel('Webhook endpoint').fill('http://example.com/hook');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const fieldError = page.locator('#err-webhookEndpoint');
    await fieldError.waitFor();
    expect(await fieldError.innerText()).toMatch(/https/);
    expect(await page.getByLabel('Webhook endpoint').getAttribute('aria-invalid')).toBe('true');
    await checkPage(page, 'plugin-field-error');

    await page.getByLabel('Webhook endpoint').fill(receiver.url('/hook'));
    await page.getByLabel('The default subscription').uncheck();
    await page.getByLabel('Every order event (order.*)').check();
    await page.getByLabel('webhookAutoRecover', { exact: false }).check();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Saved.').waitFor();
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const plugin = (
      await gqlData(
        h.t.app,
        dev.token,
        'query($id: ID!) { plugin(id: $id) { webhookEndpoint supportedEvents webhookAutoRecover } }',
        { id },
      )
    ).plugin;
    expect(plugin).toEqual({
      webhookEndpoint: receiver.url('/hook'),
      supportedEvents: ['order.*'],
      webhookAutoRecover: true,
    });
  }, 60_000);

  it('when the production secret is rotated on the page, then the next real delivery verifies with the secret shown, and after a reload it is gone', async () => {
    const { pluginId } = await createProjectAndPlugin(h.t.app, dev.token, {
      name: 'Ledger Sync',
      webhookEndpoint: receiver.url('/ledger'),
    });
    const sandbox = await provisionPortalSandbox(h.t.app, dev.token, pluginId);
    deepLinks.plugin = `/dashboard/plugins/${pluginId}`;
    deepLinks.submitted = 'Ledger Sync';
    await page.goto(`${h.origin}/dashboard/plugins/${pluginId}`);
    await page.getByRole('heading', { name: 'Ledger Sync' }).waitFor();
    const production = page.getByRole('form', { name: 'Rotate the production secret' });
    expect(await production.getByLabel('Overlap hours', { exact: false }).inputValue()).toBe('24');
    await production.getByRole('button', { name: 'Rotate production secret' }).click();
    const shown = page.locator('.shown-once code');
    await shown.first().waitFor();
    const [secret, standard] = await shown.allInnerTexts();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(standard).toBe(`whsec_${Buffer.from(secret!).toString('base64')}`);
    expect(await page.getByText('it will not be shown again').count()).toBe(1);
    await page
      .getByRole('button', { name: 'Copy New production webhook secret', exact: true })
      .click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await page.getByText('The previous production secret works until').waitFor();
    await checkPage(page, 'plugin-rotated');

    // The page rotates the production secret: a restaurant's installation gets the next real delivery
    // (sandboxes sign with the plugin's sandbox secret, rotated on its own).
    const restaurant = await installInProduction(h.t.db, pluginId);
    await emit(h.t, scopeOf(restaurant), 'order.created', {
      order_id: 7,
      order_number: 'ORD-7',
      table_number: null,
      order_status: 'CREATED',
    });
    const [request] = await receiver
      .waitFor(1, 20_000)
      .then(() => receiver.requests.filter((r) => r.path === '/ledger'));
    expect(request!.headers['x-svc-signature']).toBe(signBody(secret!, request!.body));

    await page.reload();
    await page.getByRole('heading', { name: 'Ledger Sync' }).waitFor();
    expect(await page.content()).not.toContain(secret);
    await page.getByRole('button', { name: 'Expire previous production secret' }).click();
    await page
      .getByText('The previous production secret works until')
      .waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: sandbox.installationId, exact: true }).waitFor();
    await page.getByRole('button', { name: 'Submit for review' }).click();
    await page.getByText('under_review').first().waitFor();
    await checkPage(page, 'plugin');
  }, 60_000);
});

describe('Plugins: the sandbox secret', () => {
  it('when the sandbox secret is rotated on the plugin page with its overlap, then its previous secret expires then and the next sandbox delivery verifies with the secret shown', async () => {
    const { pluginId } = await createProjectAndPlugin(h.t.app, dev.token, {
      name: 'Sandbox Signer',
      webhookEndpoint: receiver.url('/signer'),
    });
    const sandbox = await provisionPortalSandbox(h.t.app, dev.token, pluginId);
    await page.goto(`${h.origin}/dashboard/plugins/${pluginId}`);
    await page.getByRole('heading', { name: 'Sandbox Signer' }).waitFor();
    const form = page.getByRole('form', { name: 'Rotate the sandbox secret' });
    await form.getByLabel('Overlap hours', { exact: false }).fill('2');
    await form.getByRole('button', { name: 'Rotate sandbox secret' }).click();
    const shown = page
      .getByRole('status')
      .filter({ hasText: 'New sandbox webhook secret' })
      .locator('.shown-once code');
    await shown.first().waitFor();
    const [secret] = await shown.allInnerTexts();
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(secret).not.toBe(sandbox.webhookSecret);
    await page.getByText('The previous sandbox secret works until').waitFor();
    expect(await page.getByText('The previous production secret works until').count()).toBe(0);
    const { plugin } = await gqlData(
      h.t.app,
      dev.token,
      'query($id: ID!) { plugin(id: $id) { previousSecretExpiresAt sandboxPreviousSecretExpiresAt } }',
      { id: pluginId },
    );
    expect(plugin.previousSecretExpiresAt).toBeNull();
    expect(
      Math.abs(Date.parse(plugin.sandboxPreviousSecretExpiresAt) - (Date.now() + 2 * 3600_000)),
    ).toBeLessThan(60_000);
    await checkPage(page, 'plugin-sandbox-rotated');

    await gqlData(
      h.t.app,
      dev.token,
      'mutation($s: ID!) { simulatePosOrder(sandboxId: $s) { id } }',
      { s: sandbox.sandboxId },
    );
    const ordered = () =>
      receiver.requests.filter(
        (r) => r.path === '/signer' && r.headers['x-svc-event'] === 'order.created',
      );
    await waitFor(() => ordered().length > 0);
    const request = ordered()[0]!;
    expect(request.headers['x-svc-signature']).toBe(signBody(secret!, request.body));
    expect(request.headers['x-svc-signature-previous']).toBe(
      signBody(sandbox.webhookSecret, request.body),
    );

    await page.getByRole('button', { name: 'Expire previous sandbox secret' }).click();
    await page.getByText('The previous sandbox secret works until').waitFor({ state: 'detached' });
  }, 60_000);
});

describe('Developer keys', () => {
  it('when a key is created on the page, then it works with the portal; when revoked after the confirmation, then 401', async () => {
    await page.getByRole('navigation').getByRole('link', { name: 'Developer keys' }).click();
    await page.getByText('No developer key yet.').waitFor();
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByLabel('Name').fill('deploy script');
    expect(await page.getByLabel('plugins:read').isChecked()).toBe(true);
    expect(await page.getByLabel('plugins:write').isChecked()).toBe(true);
    await checkPage(page, 'keys-create');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const key = await page.locator('.shown-once code').innerText();
    expect(key).toMatch(/^svc_dev_/);
    await checkPage(page, 'keys-created');
    const me = await gql(h.t.app, key, '{ me { id } }');
    expect(me.body.data.me.id).toBe(String(dev.developerId));

    await page
      .getByRole('row', { name: /deploy script/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect((await gql(h.t.app, key, '{ me { id } }')).status).toBe(200);
    await page
      .getByRole('row', { name: /deploy script/ })
      .getByRole('button', { name: 'Revoke' })
      .click();
    // The confirmation takes the focus: Enter confirms (wait for it to have it, on a slow machine).
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Revoke key');
    await page.keyboard.press('Enter');
    await page.getByText('Revoked').waitFor();
    await checkPage(page, 'keys');
    const after = await gql(h.t.app, key, '{ me { id } }');
    expect({ status: after.status, error: after.body.error }).toEqual({
      status: 401,
      error: 'authentication_failed',
    });
  }, 60_000);
});

describe('Webhook deliveries', () => {
  it('when an order is created, then its delivery is listed, opens with the request as sent, redelivers from its page, and a new order appears in the open list without a reload', async () => {
    const { pluginId } = await createProjectAndPlugin(h.t.app, dev.token, {
      name: 'Order Relay',
      webhookEndpoint: receiver.url('/orders'),
    });
    const sandbox = await provisionPortalSandbox(h.t.app, dev.token, pluginId);
    const order = (s: string) =>
      gqlData(h.t.app, dev.token, 'mutation($s: ID!) { simulatePosOrder(sandboxId: $s) { id } }', {
        s,
      });
    const received = (deliveryId?: string) =>
      receiver.requests.filter(
        (r) => r.path === '/orders' && (!deliveryId || r.headers['x-svc-delivery'] === deliveryId),
      );
    await order(sandbox.sandboxId);
    await waitFor(() => received().some((r) => r.headers['x-svc-event'] === 'order.created'));

    await page.goto(
      `${h.origin}/dashboard/deliveries?event=order.created&installation=${sandbox.installationId}`,
    );
    const table = page.getByRole('table', { name: 'Deliveries' });
    await table.getByRole('link', { name: 'order.created' }).first().waitFor();
    await table.getByText('delivered').first().waitFor({ timeout: 15_000 });
    await checkPage(page, 'deliveries');
    await table.getByRole('link', { name: 'order.created' }).first().click();
    await page.getByRole('heading', { name: /^Delivery \d+: order.created$/ }).waitFor();
    deepLinks.delivery = new URL(page.url()).pathname;
    deepLinks.sandbox = `/dashboard/sandboxes/${sandbox.sandboxId}`;
    const sent = received().find((r) => r.headers['x-svc-event'] === 'order.created')!;
    const headers = page.getByRole('table', { name: 'Headers' });
    for (const name of [
      'X-Svc-Signature',
      'X-Svc-Delivery',
      'webhook-signature',
      'webhook-timestamp',
    ]) {
      expect(
        await headers
          .getByRole('row', { name: new RegExp(`^${name} `) })
          .getByRole('cell')
          .innerText(),
      ).toBe(sent.headers[name.toLowerCase()]);
    }
    const envelope = JSON.parse(sent.body.toString('utf8'));
    expect(await page.getByLabel('Body').innerText()).toBe(JSON.stringify(envelope, null, 2));
    const facts = await page.locator('dl.facts').innerText();
    expect(facts).toContain(envelope.id);
    expect(facts).toMatch(new RegExp(`Sequence\\s+${envelope.sequence}\\b`));
    await checkPage(page, 'delivery');

    await page.getByRole('button', { name: 'Redeliver' }).click();
    await page.getByRole('status').filter({ hasText: 'Redelivered as' }).getByRole('link').click();
    // The redelivery's page links its original (the status of the page before may still name the new one).
    const originalId = deepLinks.delivery.split('/').pop();
    await page
      .getByRole('heading', {
        name: new RegExp(`^Delivery (?!${originalId}:)\\d+: order.created$`),
      })
      .waitFor();
    await page.getByRole('link', { name: `delivery ${originalId}`, exact: true }).waitFor();
    await waitFor(
      () => received().filter((r) => r.headers['webhook-id'] === envelope.id).length >= 2,
    );
    const deliveries = new Set(
      received()
        .filter((r) => r.headers['webhook-id'] === envelope.id)
        .map((r) => r.headers['x-svc-delivery']),
    );
    expect(deliveries.size).toBe(2);

    // The open list picks up a new order's delivery by itself, at its next refresh (every 30 s:
    // the browser's clock jumps there instead of waiting).
    const live = await h.newPage();
    await live.context.clock.install();
    await logIn(
      live.page,
      h.origin,
      dev.email,
      PASSWORD,
      `/dashboard/deliveries?event=order.created&installation=${sandbox.installationId}`,
    );
    const liveTable = live.page.getByRole('table', { name: 'Deliveries' });
    await liveTable.getByRole('row').nth(2).waitFor();
    const before = await liveTable.getByRole('row').count();
    const logs = () =>
      h.t.db
        .selectFrom('control.webhook_logs')
        .select('log_id')
        .where('installation_id', '=', Number(sandbox.installationId))
        .where('event_type', '=', 'order.created')
        .execute();
    const existing = (await logs()).length;
    await order(sandbox.sandboxId);
    while ((await logs()).length === existing)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await live.context.clock.runFor(30_000);
    await live.page.waitForFunction(
      (n) => document.querySelectorAll('table[aria-label="Deliveries"] tbody tr').length > n,
      before - 1,
      { timeout: 15_000 },
    );
    await checkPage(live.page, 'deliveries-live');
    await live.context.close();
  }, 90_000);
});

describe('Replay', () => {
  it('when a time range of an installation is replayed from the deliveries page (all deliveries, not only failed), then its events arrive again as new deliveries and the progress reaches completed', async () => {
    const dev = await signUpDeveloper(h.t.app, 'Katherine Johnson');
    const { page } = await h.newPage();
    await logIn(page, h.origin, dev.email, PASSWORD);
    const { pluginId } = await createProjectAndPlugin(h.t.app, dev.token, {
      name: 'Replay Relay',
      webhookEndpoint: receiver.url('/replay'),
    });
    const sandbox = await provisionPortalSandbox(h.t.app, dev.token, pluginId);
    await gqlData(
      h.t.app,
      dev.token,
      'mutation($s: ID!) { simulatePosOrder(sandboxId: $s) { id } }',
      { s: sandbox.sandboxId },
    );
    const received = () =>
      receiver.requests.filter(
        (r) => r.path === '/replay' && r.headers['x-svc-event'] === 'order.created',
      );
    await waitFor(() => received().length === 1);
    const envelopeId = JSON.parse(received()[0]!.body.toString('utf8')).id;

    await page.goto(`${h.origin}/dashboard/deliveries`);
    const form = page.getByRole('form', { name: 'Replay' });
    await form.getByLabel('Installation').fill(sandbox.installationId);
    await form.getByLabel('Only deliveries that failed').uncheck();
    await form.getByRole('button', { name: 'Replay' }).click();
    await form
      .getByRole('status')
      .getByText(/: completed, [1-9]\d* delivered, 0 failed, 0 queued of [1-9]/)
      .waitFor({ timeout: 30_000 });
    await checkPage(page, 'deliveries-replayed');
    const again = received().filter((r) => JSON.parse(r.body.toString('utf8')).id === envelopeId);
    expect(again).toHaveLength(2);
    expect(new Set(again.map((r) => r.headers['x-svc-delivery'])).size).toBe(2);
  }, 90_000);
});

async function waitFor(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('API requests', () => {
  it('when a Data API call fails with 404, then /dashboard/requests/<its request_id> shows it, with curl carrying a placeholder for the key', async () => {
    const { pluginId } = await createProjectAndPlugin(h.t.app, dev.token, {
      name: 'Request Watcher',
    });
    const sandbox = await provisionPortalSandbox(h.t.app, dev.token, pluginId);
    const res = await fetch(`${h.origin}/api/plugin/v1/orders/987654`, {
      headers: { 'X-Plugin-Api-Key': sandbox.installationKey },
    });
    expect(res.status).toBe(404);
    const { request_id: requestId } = (await res.json()) as { request_id: string };
    await h.t.requestLog.flush();
    deepLinks.request = `/dashboard/requests/${requestId}`;

    await page.goto(
      `${h.origin}/dashboard/requests?installation=${sandbox.installationId}&status=404`,
    );
    const table = page.getByRole('table', { name: 'Requests' });
    await table.getByRole('link', { name: requestId }).waitFor();
    await checkPage(page, 'requests');
    await table.getByRole('link', { name: requestId }).click();
    await page.getByRole('heading', { name: 'GET /api/plugin/v1/orders/987654' }).waitFor();
    expect(await page.locator('dl.facts').innerText()).toMatch(/Status\s+404/);
    // The error the client got, kept for a failed read too.
    const answered = JSON.parse(await page.getByLabel('Response body').innerText());
    expect(answered).toMatchObject({ error: 'Order not found', request_id: requestId });
    expect(await page.getByLabel('Request body').innerText()).toBe('No body (a read sends none).');
    await page.getByRole('button', { name: 'Copy as curl' }).click();
    const curl = await page.evaluate(() => navigator.clipboard.readText());
    expect(curl).toContain(`${h.origin}/api/plugin/v1/orders/987654`);
    expect(curl).toContain('$PLUGIN_API_KEY');
    expect(curl).not.toContain(sandbox.installationKey);
    await checkPage(page, 'request');
    await page.goto(`${h.origin}/dashboard/requests/${requestId}`);
    await page.getByRole('heading', { name: 'GET /api/plugin/v1/orders/987654' }).waitFor();
  }, 60_000);
});

describe('Sandboxes', () => {
  it('when a sandbox is provisioned and used from its page, then clock, faults, a scenario with live progress and Cancel, a test event, Protect, Reset and Delete all act on it', async () => {
    // A developer of its own: the earlier tests' pages (the deliveries list polls) have spent much of
    // the first developer's 60 portal requests a minute.
    const dev = await signUpDeveloper(h.t.app, 'Grace Hopper');
    const { page } = await h.newPage();
    await logIn(page, h.origin, dev.email, PASSWORD);
    await createProjectAndPlugin(h.t.app, dev.token, {
      name: 'Sandbox Pilot',
      webhookEndpoint: receiver.url('/pilot'),
    });
    await page.goto(`${h.origin}/dashboard/sandboxes`);
    await page.getByRole('button', { name: 'Provision sandbox' }).click();
    await page.getByLabel('Plugin').selectOption({ label: 'Sandbox Pilot' });
    await page.getByLabel('Name', { exact: true }).fill('Friday night');
    await page.getByRole('button', { name: 'Provision', exact: true }).click();
    const shown = page.getByRole('status').filter({ hasText: 'Sandbox provisioned' });
    await shown.waitFor({ timeout: 30_000 });
    expect(await shown.innerText()).toMatch(/pik_[0-9a-f]{64}/);
    await checkPage(page, 'sandboxes-provisioned');
    await page.getByRole('link', { name: 'Open the sandbox' }).click();
    await page.getByRole('heading', { name: 'Friday night' }).waitFor();
    const sandboxId = new URL(page.url()).pathname.split('/').pop()!;
    const read = async () =>
      (
        await gqlData(
          h.t.app,
          dev.token,
          'query($id: ID!) { sandbox(id: $id) { status clockOffsetDays protectedUntil deliveryFaults { failFirstAttempt } } }',
          { id: sandboxId },
        )
      ).sandbox;

    await page.getByLabel('Days forward (1 to 60)').fill('2');
    await page.getByRole('button', { name: 'Advance clock' }).click();
    await page.getByText('(2 days ahead)').waitFor();
    await page.getByLabel('Fail every first attempt').check();
    await page.getByRole('button', { name: 'Save delivery faults' }).click();
    for (let i = 0; i < 100 && !(await read()).deliveryFaults.failFirstAttempt; i++)
      await page.waitForTimeout(50);
    await page.getByLabel('Days', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Protect' }).click();
    await page.locator('dl.facts').getByText('Protected until').waitFor();
    await page.waitForFunction(
      () => !document.querySelector('dl.facts')?.textContent?.includes('Protected until—'),
    );
    const state = await read();
    expect(state).toMatchObject({ clockOffsetDays: 2, deliveryFaults: { failFirstAttempt: true } });
    expect(state.protectedUntil).not.toBeNull();

    await page.getByRole('combobox', { name: /^Scenario/ }).selectOption('LUNCH_RUSH');
    await page.getByLabel('Minutes (1 to 60)').fill('5');
    await page.getByRole('button', { name: 'Run scenario' }).click();
    const progress = page.getByRole('status').filter({ hasText: 'LUNCH_RUSH' });
    await progress.getByText(/running, step [1-9]\d* of/).waitFor({ timeout: 20_000 });
    await checkPage(page, 'sandbox-scenario');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await progress.getByText(/LUNCH_RUSH: cancelled/).waitFor({ timeout: 20_000 });

    await page.getByRole('button', { name: 'Send test event' }).click();
    await page.getByRole('status').filter({ hasText: 'Sent:' }).getByRole('link').click();
    await page.getByRole('heading', { name: /order.created$/ }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { name: 'Friday night' }).waitFor();
    // The reset answers when the sandbox is provisioned again; a delete sent before is refused as busy.
    const resetAnswered = page.waitForResponse(
      (r) =>
        r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('resetSandbox'),
    );
    await page.getByRole('button', { name: 'Reset' }).click();
    expect((await resetAnswered).status()).toBe(200);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await checkPage(page, 'sandbox-delete-confirm');
    await page.getByRole('button', { name: 'Delete sandbox' }).click();
    await page.getByRole('heading', { name: 'Sandboxes' }).waitFor();
    const deleted = await gql(
      h.t.app,
      dev.token,
      'query($id: ID!) { sandbox(id: $id) { status } }',
      { id: sandboxId },
    );
    expect(deleted.body.data.sandbox?.status ?? 'gone').toMatch(/deleted|gone/);
  }, 120_000);
});

describe('Listing review and ownership', () => {
  it('when an operator opens Listing review, then a submitted plugin is approved and activated from its row', async () => {
    const { createOperator } = await import('../../src/domain/developers/index.js');
    await createOperator(h.t.db, h.t.config.passwordHash, {
      email: 'ops@example.com',
      name: 'Ops',
      password: PASSWORD,
    });
    const operator = await h.newPage();
    await logIn(operator.page, h.origin, 'ops@example.com', PASSWORD);
    await operator.page
      .getByRole('navigation')
      .getByRole('link', { name: 'Listing review' })
      .click();
    const row = operator.page.getByRole('row', { name: new RegExp(deepLinks.submitted!) });
    await row.getByRole('button', { name: 'Reject' }).waitFor();
    await checkPage(operator.page, 'review');
    await row.getByRole('button', { name: 'Approve' }).click();
    await row.waitFor({ state: 'detached' });
    await operator.page.getByRole('combobox', { name: /^Status/ }).selectOption('approved');
    await operator.page
      .getByRole('row', { name: new RegExp(deepLinks.submitted!) })
      .getByRole('button', { name: 'Activate' })
      .click();
    await operator.page
      .getByRole('row', { name: new RegExp(deepLinks.submitted!) })
      .waitFor({ state: 'detached' });
    const id = deepLinks.plugin!.split('/').pop();
    expect(
      (
        await gqlData(h.t.app, dev.token, 'query($id: ID!) { plugin(id: $id) { listingStatus } }', {
          id,
        })
      ).plugin.listingStatus,
    ).toBe('active');
    await operator.context.close();
  }, 60_000);

  it("when another developer opens this developer's deep links, then each shows the same not found as an id that does not exist, and nothing of the record", async () => {
    const other = await signUpDeveloper(h.t.app, 'Eve');
    const { context, page: eve } = await h.newPage();
    await logIn(eve, h.origin, other.email, PASSWORD);
    const missing = {
      plugin: '/dashboard/plugins/999999',
      delivery: '/dashboard/deliveries/999999',
      sandbox: '/dashboard/sandboxes/999999',
      request: '/dashboard/requests/req_does_not_exist',
    };
    expect(Object.keys(deepLinks)).toEqual(expect.arrayContaining(Object.keys(missing)));
    for (const [kind, path] of Object.entries(missing)) {
      await eve.goto(h.origin + path);
      await eve.getByRole('heading', { name: 'Not found' }).waitFor();
      const unknown = await eve.locator('main').innerText();
      await eve.goto(h.origin + deepLinks[kind]!);
      await eve.getByRole('heading', { name: 'Not found' }).waitFor();
      expect(await eve.locator('main').innerText()).toBe(unknown);
      expect(await eve.content()).not.toMatch(
        /Ledger Sync|Order Relay|order\.created|orders\/987654/,
      );
    }
    await checkPage(eve, 'not-found');
    await context.close();
  }, 60_000);
});
