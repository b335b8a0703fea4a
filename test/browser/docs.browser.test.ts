import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { EVENT_NAMES } from '../../src/generated/events.generated.js';
import { OPERATION_IDS } from '../../src/generated/operations.generated.js';
import { createTestContext, type TestContext } from '../support/context.js';

// The docs as a person sees them: Debian's Chromium (installed by `make browser-deps`, never a
// browser downloaded by Playwright) renders each page from this server alone. Screenshots go to
// test/artifacts/ (git-ignored) for a human look.
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

let t: TestContext;
let server: http.Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run \`make browser-deps\` (apt-get install chromium)`);
  mkdirSync(ARTIFACTS, { recursive: true });
  t = await createTestContext();
  server = http.createServer(t.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
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
async function visit(pathname: string, name: string, ready: (page: Page) => Promise<unknown>): Promise<Visit> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
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
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => page.waitForTimeout(1000));
  await page.screenshot({ path: `${ARTIFACTS}${name}.png` });
  const text = await page.locator('body').innerText();
  return { page, text, consoleErrors, foreignRequests };
}

describe('docs in a browser, offline', () => {
  it('when /docs opens, then Redoc renders every operation of openapi.yaml from this server alone', async () => {
    const { page, consoleErrors, foreignRequests } = await visit('/docs', 'docs', (p) => p.getByRole('heading', { name: 'Environments' }).waitFor({ timeout: 30_000 }));
    // Redoc 3 renders one operation per route (#/<tag>/<operationid>): visit each, as a reader would.
    const spec = (await (await fetch(`${origin}/openapi.json`)).json()) as { paths: Record<string, Record<string, { operationId: string; tags: string[] }>> };
    const operations = Object.values(spec.paths).flatMap((item) => Object.values(item).filter((op) => op.operationId));
    expect(new Set(operations.map((op) => op.operationId))).toEqual(new Set(OPERATION_IDS));
    for (const { operationId, tags } of operations) {
      await page.goto(`${origin}/docs#/${tags[0]!.toLowerCase().replace(/\s+/g, '-')}/${operationId.toLowerCase()}`);
      await page.getByText(operationId, { exact: true }).first().waitFor({ timeout: 10_000 });
      expect(await page.locator('main, body').first().innerText()).toContain(`Operation ID: ${operationId}`);
    }
    await page.goto(`${origin}/docs#/payments/captureorderpayment`);
    await page.getByText('captureOrderPayment', { exact: true }).first().waitFor();
    await page.screenshot({ path: `${ARTIFACTS}docs-capture-payment.png` });
    expect(consoleErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  }, 120_000);

  it('when /docs/webhooks opens, then all 20 events, their payloads and the signature recipe are on the page', async () => {
    const { page, text, consoleErrors, foreignRequests } = await visit('/docs/webhooks', 'docs-webhooks', (p) => p.locator('main').waitFor());
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
    const { text, consoleErrors, foreignRequests } = await visit('/graphql', 'graphiql', async (p) => {
      const response = await p.waitForResponse((r) => r.url() === `${origin}/graphql` && r.request().method() === 'POST', { timeout: 30_000 });
      introspected = response.status() === 200 && JSON.stringify(await response.json()).includes('myDeveloperProjects');
    });
    expect(introspected).toBe(true);
    expect(text).toContain('myDeveloperProjects');
    expect(consoleErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  }, 60_000);

  it('when / opens, then the landing page links every docs surface', async () => {
    const { page, consoleErrors, foreignRequests } = await visit('/', 'landing', (p) => p.locator('.cards').waitFor());
    const hrefs = await page.locator('a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(expect.arrayContaining(['/docs', '/docs/webhooks', '/graphql', '/openapi.yaml', '/asyncapi.yaml']));
    expect(consoleErrors).toEqual([]);
    expect(foreignRequests).toEqual([]);
  }, 60_000);
});
