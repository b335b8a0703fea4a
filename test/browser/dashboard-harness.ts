import { expect } from '@jest/globals';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import {
  createTestContext,
  type TestContext,
  type TestContextOptions,
} from '../support/context.js';

// The dashboard as people use it: Debian's Chromium (make browser-deps) against one real server
// per test file. Pages are checked with axe-core at 1280 and 390 px (serious and critical WCAG 2
// A/AA violations fail: a phone's layout has its own, such as a table that scrolls sideways out of
// the keyboard's reach), for sideways scroll at both widths, and screenshotted into test/artifacts/.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
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
const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export interface DashboardHarness {
  t: TestContext;
  origin: string;
  browser: Browser;
  /** A fresh browser profile; every request outside this origin is recorded in `foreign`. */
  newPage(
    width?: number,
  ): Promise<{ context: BrowserContext; page: Page; foreign: string[]; consoleErrors: string[] }>;
  close(): Promise<void>;
}

export async function startDashboard(
  env: Record<string, string> = {},
  options: TestContextOptions = {},
): Promise<DashboardHarness> {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: run \`make browser-deps\` (apt-get install chromium)`);
  mkdirSync(ARTIFACTS, { recursive: true });
  let app: http.RequestListener | undefined;
  const server = http.createServer((req, res) => app!(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const t = await createTestContext({ BASE_URL: origin, ...env }, options);
  app = t.app;
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  return {
    t,
    origin,
    browser,
    async newPage(width = 1280) {
      // bypassCSP: axe-core is injected as a script, which the dashboard's CSP would refuse.
      const context = await browser.newContext({
        viewport: { width, height: 900 },
        bypassCSP: true,
        permissions: ['clipboard-read', 'clipboard-write'],
      });
      const page = await context.newPage();
      const foreign: string[] = [];
      const consoleErrors: string[] = [];
      context.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol !== 'data:' && url.protocol !== 'blob:' && url.origin !== origin)
          foreign.push(request.url());
      });
      page.on('pageerror', (error) => consoleErrors.push(`uncaught: ${error.message}`));
      return { context, page, foreign, consoleErrors };
    },
    async close() {
      await browser.close();
      await new Promise((resolve) => server.close(resolve));
      await t.close();
    },
  };
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical WCAG 2 A/AA violations of the page as it is now. */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = (await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(context: unknown, options: unknown): Promise<{ violations: unknown[] }> };
      }
    ).axe;
    return (
      await axe.run(document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      })
    ).violations;
  })) as AxeViolation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
}

/** Whether the page scrolls sideways at its current width: false, or the elements that stick out. */
export async function scrollsSideways(page: Page): Promise<false | string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return false;
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? '').slice(0, 40)}"`,
      );
  });
}

/**
 * The checks every page passes at 1280 and 390 px: no serious accessibility violation, no sideways
 * scroll; screenshots at both widths.
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  const viewport = page.viewportSize()!;
  await page.screenshot({ path: `${ARTIFACTS}dashboard-${name}.png`, fullPage: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: viewport.height });
    expect({ width, violations: await seriousViolations(page) }).toEqual({ width, violations: [] });
    expect({ width, sideways: await scrollsSideways(page) }).toEqual({ width, sideways: false });
  }
  await page.screenshot({ path: `${ARTIFACTS}dashboard-${name}-390.png`, fullPage: true });
  await page.setViewportSize(viewport);
}

/** Logs in through the form, as a person would. */
export async function logIn(
  page: Page,
  origin: string,
  email: string,
  password: string,
  path = '/dashboard',
): Promise<void> {
  await page.goto(origin + path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('button', { name: 'Log out' }).waitFor();
}
