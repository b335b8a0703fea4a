import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  answeredVersions,
  apiVersionsOf,
  readRecords,
} from '../../src/domain/api-versions/index.js';
import { EVENT_NAMES } from '../../src/generated/events.generated.js';
import { OPERATION_IDS } from '../../src/generated/operations.generated.js';
import { createTestContext, type TestContext } from '../support/context.js';

// The docs as a person sees them: Debian's Chromium (installed by `make browser-deps`, never a
// browser downloaded by Playwright) renders each page from this server alone. Screenshots go to
// test/artifacts/ (git-ignored) for a human look.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let t: TestContext;
let server: http.Server;
let origin: string;
let browser: Browser;
// The app runs as a deployment would configure it: its own port, BASE_URL and data directory
// (none of them the defaults, localhost:3000 and .data), and the docs must say so.
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'docs-browser-'));

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: run \`make browser-deps\` (apt-get install chromium)`);
  mkdirSync(ARTIFACTS, { recursive: true });
  // Listen first: the port the system picks is the PORT and BASE_URL the app is configured with.
  let app: http.RequestListener | undefined;
  server = http.createServer((req, res) => app!(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  t = await createTestContext({ PORT: String(port), BASE_URL: origin, SVC_DATA_DIR: DATA_DIR });
  app = t.app;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

interface Visit {
  page: Page;
  /** The rendered text of the page (what a reader sees, not the HTML source). */
  text: string;
  consoleErrors: string[];
  /** Every request that went anywhere but this server (data: and blob: URLs stay in the page). */
  foreignRequests: string[];
}

function isLocal(url: string): boolean {
  const u = new URL(url);
  return u.protocol === 'data:' || u.protocol === 'blob:' || u.origin === origin;
}

/** Opens a page in a fresh context, waits until `ready` says it has rendered, screenshots it. */
async function visit(
  pathname: string,
  name: string,
  ready: (page: Page) => Promise<unknown>,
  width = 1440,
): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  const consoleErrors: string[] = [];
  const foreignRequests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
  // Context-wide, so requests from workers (GraphiQL's Monaco editors) are seen too.
  context.on('request', (request) => {
    if (!isLocal(request.url())) foreignRequests.push(request.url());
  });
  const response = await page.goto(origin + pathname, { waitUntil: 'load' });
  expect(response?.status()).toBe(200);
  await ready(page);
  // Let late requests (fonts, workers) show up before the checks. On a loaded CI machine GraphiQL
  // has once kept the network busy past 30 s: past 10 s, check what was seen rather than fail on
  // the wait itself (every request so far is in foreignRequests either way).
  await page
    .waitForLoadState('networkidle', { timeout: 10_000 })
    .catch(() => page.waitForTimeout(1000));
  await page.screenshot({ path: `${ARTIFACTS}${name}.png` });
  const text = await page.locator('body').innerText();
  return { page, text, consoleErrors, foreignRequests };
}

describe('docs in a browser, offline', () => {
  it('when /docs opens, then Redoc renders every operation of openapi.yaml from this server alone', async () => {
    const { page, consoleErrors, foreignRequests } = await visit('/docs', 'docs', (p) =>
      p.getByRole('heading', { name: 'Environments' }).waitFor({ timeout: 30_000 }),
    );
    // Redoc 3 renders one operation per route (#/<tag>/<operationid>): visit each, as a reader would.
    const spec = (await (await fetch(`${origin}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string; tags: string[] }>>;
    };
    const operations = Object.values(spec.paths).flatMap((item) =>
      Object.values(item).filter((op) => op.operationId),
    );
    expect(new Set(operations.map((op) => op.operationId))).toEqual(new Set(OPERATION_IDS));
    for (const { operationId, tags } of operations) {
      await page.goto(
        `${origin}/docs#/${tags[0]!.toLowerCase().replace(/\s+/g, '-')}/${operationId.toLowerCase()}`,
      );
      await page.getByText(operationId, { exact: true }).first().waitFor({ timeout: 10_000 });
      expect(await page.locator('main, body').first().innerText()).toContain(
        `Operation ID: ${operationId}`,
      );
    }
    await page.goto(`${origin}/docs#/payments/captureorderpayment`);
    await page.getByText('captureOrderPayment', { exact: true }).first().waitFor();
    await page.screenshot({ path: `${ARTIFACTS}docs-capture-payment.png` });
    expect(consoleErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  }, 120_000);

  it('when an operation opens in /docs, then the sample picker offers curl, TypeScript and Payload, and each sample addresses this server with ids of the demo sandbox', async () => {
    const { page, consoleErrors, foreignRequests } = await visit(
      '/docs#/orders/createorder',
      'docs-create-order',
      (p) => p.getByText('createOrder', { exact: true }).first().waitFor({ timeout: 30_000 }),
    );
    // Redoc 3 draws the picker as a menu in the header of the operation's request samples.
    const operation = page.locator('[id="orders/createorder"]');
    const header = operation.locator('[data-component-name="Panel/PanelHeader"]').first();
    const picker = header.getByRole('button', { name: /^(curl|TypeScript|Payload)$/ });
    await picker.click();
    expect(await page.getByRole('menuitem').filter({ visible: true }).allInnerTexts()).toEqual([
      'curl',
      'TypeScript',
      'Payload',
    ]);
    // The sample as the picker shows it for `language` (the menu is open the first time).
    const shown = async (language: string) => {
      const item = page.getByRole('menuitem', { name: language, exact: true });
      if (!(await item.isVisible())) await picker.click();
      // Redoc positions the open menu itself; in some runs Chromium reports its items outside the
      // viewport and a pointer click is refused (the test failed so at a commit that passed it
      // before). The item is chosen by a click event on it instead.
      await item.dispatchEvent('click');
      await header.getByRole('button', { name: language, exact: true }).waitFor();
      const samples = operation
        .getByTestId('right-panel')
        .filter({ has: page.locator('[data-component-name="Panel/PanelHeader"]') });
      return samples.getByTestId('source-code').first().innerText();
    };
    const typescript = await shown('TypeScript');
    await page.screenshot({ path: `${ARTIFACTS}docs-create-order-typescript.png` });
    expect(typescript).toContain(`client.POST('/orders'`);
    expect(typescript).toContain(`baseUrl: '${origin}/api/plugin/v1'`);
    // Margherita Pizza (3) in size Large (template 1, option 2), and a lemonade (7): demo-data.ts.
    expect(typescript).toContain('"item_id": 3');
    expect(typescript).toContain('"option_id": 2');
    expect(typescript).not.toContain('"item_id": 501');
    const curl = await shown('curl');
    expect(curl).toContain(`"${origin}/api/plugin/v1/orders"`);
    expect(curl).toContain('"item_id": 3');
    expect(curl).not.toContain('localhost:3000');
    expect(await shown('Payload')).toContain('"item_id": 3');
    expect(consoleErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  }, 60_000);

  it.each([1440, 390])(
    'when /docs opens %i px wide, then its version switcher shows the newest chosen, and following another version with the keyboard renders that version',
    async (width) => {
      const root = fileURLToPath(new URL('../../', import.meta.url));
      const catalog = apiVersionsOf(readRecords(root)).catalog();
      const versions = answeredVersions(catalog);
      const { page, consoleErrors, foreignRequests } = await visit(
        '/docs',
        `docs-versions-switcher-${width}`,
        (p) => p.getByRole('heading', { name: 'Environments' }).waitFor({ timeout: 30_000 }),
        width,
      );
      const switcher = page.getByRole('navigation', { name: 'API version' });
      const links = switcher.getByRole('link');
      expect((await links.allInnerTexts()).map((t) => t.split(/\s/)[0])).toEqual(versions);
      const chosen = () => switcher.locator('a[aria-current="page"]').innerText();
      expect(await chosen()).toContain(versions[0]!);
      expect(await switcher.innerText()).toContain(`API version ${versions[0]}`);
      // Nothing sideways on a phone, and each link is a finger's size.
      const sizes = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.clientWidth);
      for (const box of await links.evaluateAll((as) =>
        as.map((a) => a.getBoundingClientRect().height),
      ))
        expect(box).toBeGreaterThanOrEqual(40);
      // A bar above the reference, not a column beside it.
      const bar = (await switcher.boundingBox())!;
      expect(bar.width).toBeGreaterThan(width * 0.9);
      expect(bar.height).toBeLessThan(160);

      // The oldest answered version (the newest itself when it is the only one), by keyboard.
      const other = versions[versions.length - 1]!;
      const reference = page.waitForResponse(
        (r) => r.url() === `${origin}/docs/reference.json?version=${other}` && r.ok(),
        { timeout: 30_000 },
      );
      await switcher.getByRole('link', { name: new RegExp(`^${other}\\b`) }).focus();
      await page.keyboard.press('Enter');
      await reference;
      await page.getByRole('heading', { name: 'Environments' }).waitFor({ timeout: 30_000 });
      expect(new URL(page.url()).searchParams.get('version')).toBe(other);
      expect(await chosen()).toContain(other);
      await page.screenshot({ path: `${ARTIFACTS}docs-versions-switcher-${width}-${other}.png` });
      expect(consoleErrors).toEqual([]);
      expect(foreignRequests).toEqual([]);
    },
    90_000,
  );

  it('when /docs/versions opens, then every version of the catalog is in its table, with nothing from another host', async () => {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const catalog = apiVersionsOf(readRecords(root)).catalog();
    const { page, text, consoleErrors, foreignRequests } = await visit(
      '/docs/versions',
      'docs-versions',
      (p) => p.getByRole('table').waitFor(),
    );
    const rows = await page.getByRole('row').allInnerTexts();
    for (const v of catalog)
      expect(rows.some((row) => row.startsWith(v.version) && row.includes(v.status))).toBe(true);
    expect(text).toContain('12 months');
    expect(consoleErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  }, 60_000);

  it('when / opens, then its quick start names this server and its data directory', async () => {
    const { text } = await visit('/', 'landing-config', (p) => p.locator('.start').waitFor());
    expect(text).toContain(`${origin}/api/plugin/v1/health`);
    expect(text).toContain(path.join(DATA_DIR, 'demo-credentials.json'));
    expect(text).not.toContain('localhost:3000');
  }, 60_000);

  it.each([1024, 1280, 1440])(
    'when /docs/webhooks opens %i px wide, then the page does not scroll sideways: long code and tables scroll in their own box',
    async (width) => {
      const { page } = await visit(
        '/docs/webhooks',
        `docs-webhooks-${width}`,
        (p) => p.locator('main').waitFor(),
        width,
      );
      const overflow = () =>
        page.evaluate(() => ({
          scrollWidth: document.documentElement.scrollWidth,
          clientWidth: document.documentElement.clientWidth,
        }));
      const top = await overflow();
      expect(top.scrollWidth).toBeLessThanOrEqual(top.clientWidth);
      // Every part of the page, not only its top: visit each event section.
      for (const id of EVENT_NAMES) {
        await page.locator(`[id="${id}"]`).scrollIntoViewIfNeeded();
        const here = await overflow();
        expect({ id, ...here, fits: here.scrollWidth <= here.clientWidth }).toEqual({
          id,
          ...here,
          fits: true,
        });
      }
    },
    60_000,
  );

  it('when /docs/changelog opens, then the dated release sections show, with nothing from another host', async () => {
    const { text, consoleErrors, foreignRequests } = await visit(
      '/docs/changelog',
      'docs-changelog',
      (p) => p.getByRole('heading', { name: '2026-11-26' }).waitFor(),
    );
    expect(text).toContain('Data API (openapi.yaml)');
    expect(consoleErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  }, 60_000);

  it('when /docs/webhooks opens, then all 20 events, their payloads and the signature recipe are on the page', async () => {
    const { page, text, consoleErrors, foreignRequests } = await visit(
      '/docs/webhooks',
      'docs-webhooks',
      (p) => p.locator('main').waitFor(),
    );
    expect(EVENT_NAMES).toHaveLength(20);
    for (const name of EVENT_NAMES) expect(text).toContain(name);
    expect(text).toContain('X-Svc-Signature');
    expect(text).toContain('timingSafeEqual');
    expect(consoleErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
    await page.locator('[id="order.status_changed"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}docs-webhooks-event.png` });
  }, 60_000);

  it('when /graphql opens in a browser, then GraphiQL loads from this server and introspects the portal schema', async () => {
    let introspected = false;
    const { text, consoleErrors, foreignRequests } = await visit(
      '/graphql',
      'graphiql',
      async (p) => {
        const response = await p.waitForResponse(
          (r) => r.url() === `${origin}/graphql` && r.request().method() === 'POST',
          { timeout: 30_000 },
        );
        introspected =
          response.status() === 200 &&
          JSON.stringify(await response.json()).includes('myDeveloperProjects');
      },
    );
    expect(introspected).toBe(true);
    expect(text).toContain('myDeveloperProjects');
    expect(consoleErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  }, 60_000);

  it('when / opens, then the landing page links every docs surface', async () => {
    const { page, consoleErrors, foreignRequests } = await visit('/', 'landing', (p) =>
      p.locator('.cards').waitFor(),
    );
    const hrefs = await page
      .locator('a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(
      expect.arrayContaining([
        '/docs',
        '/docs/webhooks',
        '/graphql',
        '/openapi.yaml',
        '/asyncapi.yaml',
      ]),
    );
    expect(consoleErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  }, 60_000);
});
