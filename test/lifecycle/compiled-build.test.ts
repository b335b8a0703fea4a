import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../src/db/embedded.js';
import { createInstallation } from '../support/builders.js';
import { createTestContext, TEST_ENV, type TestContext } from '../support/context.js';

// The production build: `npm run build` compiles src/ to dist/ with tsc, and the compiled service
// serves the Data API, the portal, the docs and the dashboard on plain Node, without a TypeScript
// loader and without Node's own type stripping.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
let t: TestContext;
let child: ChildProcess | undefined;
// In the repository root, like dist/, so that openapi.yaml and asyncapi.yaml resolve as from src/;
// a scratch name so that a developer's dist/ is left alone.
const dist = path.join(ROOT, `.dist-test-${process.pid}`);

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  child?.kill('SIGTERM');
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('compiled build', () => {
  it('when built with tsc, then `node dist/main.js serve` answers the Data API, the portal, the docs and the dashboard without tsx', async () => {
    // The same compile as `npm run build`.
    execFileSync(
      process.execPath,
      [
        path.join(ROOT, 'node_modules/typescript/bin/tsc'),
        '-p',
        'tsconfig.build.json',
        '--outDir',
        dist,
      ],
      { cwd: ROOT, stdio: 'pipe' },
    );
    execFileSync(
      process.execPath,
      [
        '-e',
        `require('node:fs').cpSync('src/portal/schema.graphql', ${JSON.stringify(path.join(dist, 'portal/schema.graphql'))})`,
      ],
      { cwd: ROOT },
    );
    // The dashboard's bundle, as `npm run build` writes it: the compiled service serves these files.
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/dashboard/build-assets.ts', path.join(dist, 'dashboard/assets')],
      { cwd: ROOT, stdio: 'pipe' },
    );
    // The records' migrations, type-stripped as `npm run build` writes them.
    execFileSync(
      process.execPath,
      ['--import', 'tsx', 'src/domain/api-versions/build-migrations.ts', dist],
      { cwd: ROOT, stdio: 'pipe' },
    );
    expect(existsSync(path.join(dist, 'main.js'))).toBe(true);
    try {
      const inst = await createInstallation(t.db);
      const port = await freePort();
      const env: Record<string, string | undefined> = {
        ...process.env,
        ...TEST_ENV,
        DATABASE_URL: t.databaseUrl,
        PORT: String(port),
        SVC_ROLE: 'api',
        // Without Node's TypeScript stripper: the compiled service imports no .ts file (the
        // records' migrations included), so the stripper never loads and holds memory.
        NODE_OPTIONS: '--no-experimental-strip-types',
      };
      child = spawn(process.execPath, [path.join(dist, 'main.js'), 'serve'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (chunk) => (stderr += chunk));
      const base = `http://127.0.0.1:${port}`;
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (child.exitCode !== null)
          throw new Error(`compiled service exited with ${child.exitCode}: ${stderr}`);
        const up = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        if (Date.now() > deadline) throw new Error(`compiled service did not start: ${stderr}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      const health = await fetch(`${base}/api/plugin/v1/health`, {
        headers: { 'x-plugin-api-key': inst.apiKey },
      });
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({
        status: 'ok',
        installation_id: inst.installationId,
      });
      const portal = await fetch(`${base}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
      expect(portal.status).toBeLessThan(500);
      expect((await fetch(`${base}/openapi.yaml`)).status).toBe(200);
      const dashboard = await fetch(`${base}/dashboard/keys`);
      expect(dashboard.status).toBe(200);
      const script = /\/dashboard\/assets\/app-[0-9a-f]{12}\.js/.exec(await dashboard.text())![0];
      expect((await fetch(base + script)).status).toBe(200);
      expect(stderr).not.toMatch(/tsx|ERR_UNKNOWN_FILE_EXTENSION/);
    } finally {
      child?.kill('SIGTERM');
    }
  }, 180_000); // tsc, the dashboard bundle and a cold start, on a loaded machine
});
