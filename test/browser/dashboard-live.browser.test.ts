import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { BrowserContext, Page } from 'playwright-core';
import {
  createProjectAndPlugin,
  gqlData,
  PASSWORD,
  provisionPortalSandbox,
  signUpDeveloper,
  type PortalDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';
import { waitUntil } from '../support/webhook-receiver.js';
import { checkPage, logIn, startDashboard, type DashboardHarness } from './dashboard-harness.js';

// What the dashboard costs the developer's portal budget (60 requests a minute, shared by every
// tab, script and svc command) and how it behaves when that budget is spent; and a delivery that
// svc listen forwarded. The browser's clock is Playwright's (context.clock): time flows as usual
// and the tests jump it forward instead of waiting.

let h: DashboardHarness;
let dev: PortalDeveloper;
let box: PortalSandbox;

beforeAll(async () => {
  h = await startDashboard({}, { jobs: {} });
  dev = await signUpDeveloper(h.t.app, 'Ada Lovelace');
  const { pluginId } = await createProjectAndPlugin(h.t.app, dev.token, { name: 'Quiet Relay' }); // no endpoint: deliveries go to svc listen
  box = await provisionPortalSandbox(h.t.app, dev.token, pluginId);
}, 90_000);
afterAll(async () => {
  await h?.close();
});

/** A signed-in page whose clock the test controls. */
async function clockedPage(
  width?: number,
): Promise<{ context: BrowserContext; page: Page; portalRequests: () => number }> {
  const { context, page } = await h.newPage(width);
  await context.clock.install();
  await logIn(page, h.origin, dev.email, PASSWORD);
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/graphql') count += 1;
  });
  return { context, page, portalRequests: () => count };
}

/** The session's portal budget: spent (every request refused for about a minute) or fresh again. */
const spendBudget = () =>
  h.t.db
    .insertInto('control.rate_limits')
    .values({ bucket: `session:${dev.developerId}`, window_start: new Date(), count: 1000 })
    .onConflict((oc) => oc.column('bucket').doUpdateSet({ window_start: new Date(), count: 1000 }))
    .execute();
const refillBudget = () =>
  h.t.db
    .deleteFrom('control.rate_limits')
    .where('bucket', '=', `session:${dev.developerId}`)
    .execute();

const setVisibility = (page: Page, state: 'hidden' | 'visible') =>
  page.evaluate((s) => {
    Object.defineProperty(document, 'visibilityState', { value: s, configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  }, state);

const insertDelivery = (event: string) =>
  h.t.db
    .insertInto('control.webhook_logs')
    .values({
      installation_id: Number(box.installationId),
      direction: 'outbound',
      event_type: event,
      status: 'pending',
      payload: JSON.stringify({ order_id: 1 }),
      event_id: crypto.randomUUID(),
      sequence: 1,
    })
    .execute();

describe('the deliveries list', () => {
  it('when it is open for a minute, then it asks the portal at most twice; hidden, never; shown again, at once, with what arrived meanwhile', async () => {
    const { context, page, portalRequests } = await clockedPage();
    await insertDelivery('order.created');
    await page.goto(`${h.origin}/dashboard/deliveries`);
    const rows = page.getByRole('table', { name: 'Deliveries' }).locator('tbody tr');
    await rows.first().waitFor();
    const opened = portalRequests();
    await context.clock.runFor(60_000);
    await page.waitForTimeout(300);
    expect(portalRequests() - opened).toBeLessThanOrEqual(2);

    await setVisibility(page, 'hidden');
    const hidden = portalRequests();
    await context.clock.runFor(5 * 60_000);
    await page.waitForTimeout(300);
    expect(portalRequests()).toBe(hidden);

    await insertDelivery('order.updated');
    await setVisibility(page, 'visible');
    await page.getByRole('link', { name: 'order.updated' }).waitFor();
    expect(portalRequests()).toBe(hidden + 1);
    await context.close();
  }, 60_000);
});

describe('a page refused by the rate limit', () => {
  it('when the budget is spent, then the page keeps its navigation, says it tries again, and after the Retry-After shows itself without a reload', async () => {
    const { context, page } = await clockedPage();
    await page.goto(`${h.origin}/dashboard/plugins`);
    await page.getByRole('heading', { name: 'Plugins' }).waitFor();

    // Moving to another page once the budget is spent.
    await spendBudget();
    await page.getByRole('navigation').getByRole('link', { name: 'Developer keys' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText(/Rate limit .* exceeded/).waitFor();
    expect(await alert.innerText()).toMatch(/tries again by itself in \d+ seconds/);
    expect(await page.getByRole('navigation').getByRole('link').count()).toBeGreaterThanOrEqual(4);

    // A reload while refused: who is signed in cannot be read either; the navigation stays.
    await page.reload();
    await page
      .getByRole('alert')
      .getByText(/Rate limit .* exceeded/)
      .waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Webhook deliveries' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await checkPage(page, 'rate-limited');

    await refillBudget();
    await context.clock.fastForward('01:01');
    await page.getByText('No developer key yet.').waitFor({ timeout: 10_000 });
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await context.close();
  }, 60_000);
});

describe('a delivery forwarded by svc listen', () => {
  it('when the local endpoint answered 200, then the delivery page and the list show that answer instead of "no attempt" and "-"', async () => {
    await refillBudget();
    await gqlData(h.t.app, dev.token, 'query($s: ID!) { webhookStreamCursor(sandboxId: $s) }', {
      s: box.sandboxId,
    });
    await gqlData(
      h.t.app,
      dev.token,
      'mutation($s: ID!) { simulateMenuItemCreated(sandboxId: $s, input: { name: "Bifana", price: "4.50" }) { id } }',
      { s: box.sandboxId },
    );
    let logId = 0;
    await waitUntil(
      async () => {
        const row = await h.t.db
          .selectFrom('control.webhook_logs')
          .select(['log_id', 'status'])
          .where('installation_id', '=', Number(box.installationId))
          .where('event_type', '=', 'menu.item_created')
          .executeTakeFirst();
        logId = row && row.status !== 'pending' ? row.log_id : 0;
        return logId > 0;
      },
      15_000,
      'the delivery handed to the listener',
    );
    await gqlData(
      h.t.app,
      dev.token,
      'mutation($id: ID!) { reportWebhookStreamResult(logId: $id, status: 200, durationMs: 12) { id } }',
      { id: String(logId) },
    );

    const { page, context } = await h.newPage();
    await logIn(page, h.origin, dev.email, PASSWORD, `/dashboard/deliveries/${logId}`);
    await page.getByRole('heading', { name: `Delivery ${logId}: menu.item_created` }).waitFor();
    expect(await page.locator('dl.facts').innerText()).toMatch(
      /Local endpoint \(svc listen\)\s+200 in 12 ms/,
    );
    const main = await page.locator('main').innerText();
    expect(main).not.toContain('No attempt has gone out yet');
    expect(main).toContain('the local endpoint answered 200 in 12 ms');
    const attempt = page.getByRole('table', { name: 'Attempts' }).locator('tbody tr').last();
    expect(await attempt.locator('td').nth(3).innerText()).toBe('200 (svc listen)');
    await checkPage(page, 'delivery-listened');

    await page.goto(`${h.origin}/dashboard/deliveries?event=menu.item_created`);
    const row = page
      .getByRole('table', { name: 'Deliveries' })
      .getByRole('row', { name: /menu\.item_created/ });
    await row.waitFor();
    expect(await row.locator('td').nth(5).innerText()).toBe('200');
    await context.close();
  }, 60_000);
});
