import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { decrypt } from '../../src/lib/secrets.js';
import {
  createProjectAndPlugin,
  gqlData,
  PASSWORD,
  provisionPortalSandbox,
  signUpDeveloper,
} from '../support/portal-builders.js';
import { createTestTls } from '../support/tls.js';
import { startReceiver, type Receiver } from '../support/webhook-receiver.js';
import { checkPage, logIn, startDashboard, type DashboardHarness } from './dashboard-harness.js';

// A plugin's "Endpoints" page: the primary endpoint read-only, a new endpoint with a filter and
// its live preview on the sandbox's real events, the secret shown once, Edit, Rotate secret,
// Disable, Delete with confirmation; field errors as the API names them; each endpoint's last 24
// hours and a test event with its answer; by keyboard, at desktop and phone width.

const URL_ = 'https://big-tables.example.com/hooks';

let h: DashboardHarness;
let page: Page;
let pluginId: string;
let token: string;
/** A local HTTPS receiver: the endpoint the test event goes to. */
let receiver: Receiver;

const endpointRow = () =>
  h.t.db
    .selectFrom('control.webhook_endpoints')
    .selectAll()
    .where('plugin_id', '=', Number(pluginId))
    .executeTakeFirst();

beforeAll(async () => {
  const tls = createTestTls();
  receiver = await startReceiver(tls);
  h = await startDashboard(
    { SVC_PORTAL_SESSION_REQUESTS_PER_MINUTE: '600', SVC_WEBHOOK_ALLOW_PRIVATE: '1' },
    { jobs: { workers: true, webhookCa: tls.ca } },
  );
  const dev = await signUpDeveloper(h.t.app, 'Grace Hopper');
  token = dev.token;
  ({ pluginId } = await createProjectAndPlugin(h.t.app, dev.token, {
    webhookEndpoint: 'https://primary.example.com/hooks',
  }));
  const box = await provisionPortalSandbox(h.t.app, dev.token, pluginId, 'Staging box');
  const ORDER = `mutation($s: ID!, $n: Int) { simulatePosOrder(sandboxId: $s, input: { partySize: $n }) { id } }`;
  for (const n of [2, 6]) await gqlData(h.t.app, dev.token, ORDER, { s: box.sandboxId, n });
  const orders = async () =>
    (
      await sql<{ n: number }>`select count(*)::int as n from control.installation_events
        where installation_id = ${Number(box.installationId)} and event_type = 'order.created'`.execute(
        h.t.db,
      )
    ).rows[0]!.n;
  for (let i = 0; i < 100 && (await orders()) < 2; i++)
    await new Promise((r) => setTimeout(r, 100));
  ({ page } = await h.newPage());
  await logIn(page, h.origin, dev.email, PASSWORD);
}, 90_000);
afterAll(async () => {
  await h?.close();
  await receiver?.close();
});

const shownSecret = async () =>
  /\b[0-9a-f]{64}\b/.exec(await page.locator('.shown-once').first().innerText())?.[0];

describe('the Endpoints page', () => {
  it('when opened from the plugin page, then the primary endpoint is listed read-only and the page says what each endpoint receives', async () => {
    await page.goto(`${h.origin}/dashboard/plugins/${pluginId}`);
    await page
      .getByRole('navigation', { name: 'Plugin' })
      .getByRole('link', { name: 'Endpoints' })
      .click();
    const primary = page.getByRole('article', { name: 'https://primary.example.com/hooks' });
    await primary.waitFor();
    await expect(primary.innerText()).resolves.toMatch(/Primary/);
    await expect(primary.getByRole('button', { name: /Edit|Delete/ }).count()).resolves.toBe(0);
    await expect(page.getByRole('note').first().innerText()).resolves.toMatch(
      /receives the events it selects, signed with its own secret/s,
    );
  }, 60_000);

  it('when a new endpoint is given a filter, then the preview shows which recent events it would have received; a bad path is named at the filter', async () => {
    await page.getByRole('button', { name: 'New endpoint' }).click();
    await page.getByLabel('URL', { exact: true }).fill(URL_);
    await page.getByLabel('Description').fill('Large parties');
    await page.getByLabel(/^Events/).fill('order.created');
    await page.getByLabel('Sandbox', { exact: true }).check();
    await page.getByLabel('Production', { exact: true }).uncheck();
    await page.getByLabel(/^Filter \(JSON/).fill('{"data.nope": {"eq": 1}}');
    const preview = page.getByRole('region', { name: 'Filter preview' });
    await preview.getByText(/filter\.data\.nope/).waitFor();
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    const fieldError = page.locator('#endpoint-err-filter');
    await fieldError.waitFor();
    await expect(fieldError.innerText()).resolves.toMatch(/filter\.data\.nope: .*order\.created/);
    await expect(page.getByLabel(/^Filter \(JSON/).getAttribute('aria-invalid')).resolves.toBe(
      'true',
    );

    await page.getByLabel(/^Filter \(JSON/).fill('{"data.party_size": {"gte": 4}}');
    await preview.getByText(/1 of \d+ recent events/).waitFor();
    // The refusal described the filter as it was: changed, its problem goes.
    await expect(fieldError.count()).resolves.toBe(0);
    await expect(preview.innerText()).resolves.toContain('data.party_size is 2, not >= 4');
    await checkPage(page, 'plugin-endpoints-form');
  }, 60_000);

  it('when Create endpoint is pressed, then the secret is shown once with its warning, and the endpoint is listed', async () => {
    await page.getByRole('button', { name: 'Create endpoint' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Copy it now: it will not be shown again.').waitFor();
    const secret = await shownSecret();
    expect(secret).toBeDefined();
    const row = await endpointRow();
    expect(decrypt(h.t.config.encryptionKey, row!.secret_enc)).toBe(secret);
    expect(row).toMatchObject({
      url: URL_,
      description: 'Large parties',
      events: ['order.created'],
      filter: { 'data.party_size': { gte: 4 } },
      planes: ['sandbox'],
    });
    const card = page.getByRole('article', { name: URL_ });
    await expect(card.innerText()).resolves.toMatch(/Enabled/);
    await checkPage(page, 'plugin-endpoints-created');
    await page.reload();
    await card.waitFor();
    await expect(page.locator('.shown-once').count()).resolves.toBe(0);
  }, 60_000);

  it('when the endpoint is edited, then the change is saved and shown', async () => {
    const card = page.getByRole('article', { name: URL_ });
    await card.getByRole('button', { name: `Edit ${URL_}` }).click();
    await expect(page.getByLabel(/^Filter \(JSON/).inputValue()).resolves.toContain(
      'data.party_size',
    );
    await page.getByLabel('Description').fill('Tables of four or more');
    await page.getByLabel('Rate limit').fill('5');
    await page.getByRole('button', { name: 'Save endpoint' }).click();
    await card.getByText('Tables of four or more').waitFor();
    expect(await endpointRow()).toMatchObject({
      description: 'Tables of four or more',
      rate_limit_per_second: 5,
      filter: { 'data.party_size': { gte: 4 } },
    });
  }, 60_000);

  it('when the secret is rotated, then the new one is shown once and signs from now on', async () => {
    const card = page.getByRole('article', { name: URL_ });
    const before = (await endpointRow())!.secret_enc;
    await card.getByRole('button', { name: `Rotate secret of ${URL_}` }).click();
    await page.getByText('Copy it now: it will not be shown again.').waitFor();
    const secret = await shownSecret();
    const row = await endpointRow();
    expect(row!.secret_enc).not.toBe(before);
    expect(decrypt(h.t.config.encryptionKey, row!.secret_enc)).toBe(secret);
    await checkPage(page, 'plugin-endpoints-rotated');
  }, 60_000);

  it('when the endpoint is disabled, then it says Disabled and offers Enable', async () => {
    const card = page.getByRole('article', { name: URL_ });
    await card.getByRole('button', { name: `Disable ${URL_}` }).click();
    await card.getByRole('button', { name: `Enable ${URL_}` }).waitFor();
    await expect(card.innerText()).resolves.toMatch(/Disabled/);
    expect((await endpointRow())!.status).toBe('disabled');
  }, 60_000);

  it('when Delete is confirmed, then the endpoint is gone; Cancel keeps it', async () => {
    const card = page.getByRole('article', { name: URL_ });
    await card.getByRole('button', { name: `Delete ${URL_}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    expect(await endpointRow()).toBeDefined();
    await card.getByRole('button', { name: `Delete ${URL_}` }).click();
    // The dialog's own button has the focus: Enter answers it.
    const confirm = page.getByRole('alertdialog').getByRole('button', { name: 'Delete endpoint' });
    await expect(confirm.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await card.waitFor({ state: 'detached' });
    expect(await endpointRow()).toBeUndefined();
    await checkPage(page, 'plugin-endpoints');
  }, 60_000);

  it('when Send test event is pressed on an endpoint, then its answer is shown, and its last 24 hours count the delivery', async () => {
    const url = receiver.url('/orders');
    await gqlData(
      h.t.app,
      token,
      `mutation($p: ID!, $url: String!) {
        createWebhookEndpoint(pluginId: $p, input: { url: $url, events: ["order.*"], planes: [SANDBOX] }) { endpoint { id } } }`,
      { p: pluginId, url },
    );
    await page.reload();
    const card = page.getByRole('article', { name: url });
    await expect(card.innerText()).resolves.toMatch(
      /Last 24 hours\s+no deliveries \(0 delivered, 0 failed, 0 filtered out\)/,
    );
    await card.getByLabel('Test event', { exact: true }).selectOption('order.paid');
    await card.getByRole('button', { name: `Send test event to ${url}` }).focus();
    await page.keyboard.press('Enter');
    const status = card.getByRole('status');
    await status.getByText(/^Delivered: HTTP 200 in \d+ ms\./).waitFor();
    await expect(status.getByRole('link', { name: /^Delivery \d+$/ }).count()).resolves.toBe(1);
    expect(receiver.requests.map((r) => [r.path, r.headers['x-svc-event']])).toEqual([
      ['/orders', 'order.paid'],
    ]);
    // The counts are read again once the answer is shown: a test event counts.
    await card.getByText('100% succeeded (1 delivered, 0 failed, 0 filtered out)').waitFor();
    await checkPage(page, 'plugin-endpoints-tested');
  }, 60_000);
});
