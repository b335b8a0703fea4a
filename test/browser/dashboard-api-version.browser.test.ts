import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page } from 'playwright-core';
import {
  createProjectAndPlugin,
  gqlData,
  PASSWORD,
  provisionPortalSandbox,
  signUpDeveloper,
  type PortalSandbox,
} from '../support/portal-builders.js';
import { checkPage, logIn, startDashboard, type DashboardHarness } from './dashboard-harness.js';

// A plugin's "API version" page: the pin, the upgrade report of what the plugin used, Upgrade,
// Roll back, and a sandbox's own version, by keyboard, at desktop and phone width.

const NEWER = '2026-11-29';

let h: DashboardHarness;
let page: Page;
let pluginId: string;
let box: PortalSandbox;

beforeAll(async () => {
  h = await startDashboard({ SVC_PORTAL_SESSION_REQUESTS_PER_MINUTE: '600' });
  const dev = await signUpDeveloper(h.t.app, 'Grace Hopper');
  ({ pluginId } = await createProjectAndPlugin(h.t.app, dev.token));
  box = await provisionPortalSandbox(h.t.app, dev.token, pluginId, 'Staging box');
  await gqlData(
    h.t.app,
    dev.token,
    'mutation($id: ID!) { setPluginApiVersion(pluginId: $id, version: "2026-11-21") { id } }',
    { id: pluginId },
  );
  const at = new Date(Date.now() - 3_600_000);
  await h.t.db
    .insertInto('control.api_requests')
    .values({
      installation_id: Number(box.installationId),
      created_at: at,
      method: 'PATCH',
      path: '/api/plugin/v1/menu/items/1',
      operation_id: 'updateMenuItem',
      status: 200,
      duration_ms: 4,
      request_id: crypto.randomUUID(),
      client_ip: '127.0.0.1',
      request_body: JSON.stringify({ price: 16.5 }),
    })
    .execute();
  await h.t.db
    .insertInto('control.webhook_logs')
    .values({
      installation_id: Number(box.installationId),
      direction: 'outbound',
      event_type: 'order.paid',
      status: 'delivered',
      event_id: crypto.randomUUID(),
      created_at: at,
      updated_at: at,
    })
    .execute();
  ({ page } = await h.newPage());
  await logIn(page, h.origin, dev.email, PASSWORD);
}, 90_000);
afterAll(() => h?.close());

const facts = () => page.locator('dl.facts');

describe('the API version page', () => {
  it('when opened from the plugin page, then it shows the pin and the report of what the plugin used', async () => {
    await page.goto(`${h.origin}/dashboard/plugins/${pluginId}`);
    await page
      .getByRole('navigation', { name: 'Plugin' })
      .getByRole('link', { name: 'API version' })
      .click();
    await page.getByRole('heading', { name: 'Upgrade report' }).waitFor();
    await expect(facts().innerText()).resolves.toContain('2026-11-21');
    const price = page.getByRole('article', { name: `${NEWER} decimal-string-inputs` });
    await expect(price.getByRole('table').innerText()).resolves.toMatch(/updateMenuItem[\s\S]*1/);
    await expect(price.innerText()).resolves.toContain('price');
    const orders = page.getByRole('article', { name: `${NEWER} order-number` });
    await expect(orders.innerText()).resolves.toContain('order.paid');
    await checkPage(page, 'plugin-api-version');
  }, 60_000);

  it('when Upgrade is pressed (by keyboard), then the pin is the new version; Roll back takes it back', async () => {
    await page.getByRole('button', { name: 'Upgrade', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').getByText(`the plugin is pinned to ${NEWER}`).waitFor();
    await expect(facts().innerText()).resolves.toMatch(new RegExp(`Pinned version\\s+${NEWER}`));
    await expect(facts().innerText()).resolves.toMatch(/Previous version\s+2026-11-21/);
    await checkPage(page, 'plugin-api-version-upgraded');
    await page.getByRole('button', { name: 'Roll back' }).click();
    await page.getByRole('status').getByText('the plugin is pinned to 2026-11-21').waitFor();
    await expect(facts().innerText()).resolves.toMatch(/Pinned version\s+2026-11-21/);
  }, 60_000);

  it('when a sandbox is set to a version and back to following the plugin, then the portal says so', async () => {
    const sandboxVersion = async () =>
      (
        await h.t.db
          .selectFrom('control.sandboxes')
          .select('api_version')
          .where('sandbox_id', '=', Number(box.sandboxId))
          .executeTakeFirstOrThrow()
      ).api_version;
    const select = page.getByLabel('API version of Staging box');
    await select.selectOption(NEWER);
    await page.getByRole('button', { name: 'Apply to Staging box' }).click();
    for (let i = 0; i < 50 && (await sandboxVersion()) !== NEWER; i++)
      await page.waitForTimeout(100);
    expect(await sandboxVersion()).toBe(NEWER);
    await select.selectOption({ label: 'Follow the plugin (2026-11-21)' });
    await page.getByRole('button', { name: 'Apply to Staging box' }).click();
    for (let i = 0; i < 50 && (await sandboxVersion()) !== null; i++)
      await page.waitForTimeout(100);
    expect(await sandboxVersion()).toBeNull();
  }, 60_000);
});
