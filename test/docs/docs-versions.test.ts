import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import supertest from 'supertest';
import {
  answeredVersions,
  apiVersionsOf,
  readRecords,
  type ApiVersionCatalog,
} from '../../src/domain/api-versions/index.js';
import { createTestContext, type TestContext } from '../support/context.js';

// Every dated version's contracts as the docs serve them, taken from the catalog (the change
// records of contracts/versions/), however many versions there are: the newest is head, each
// older one its file under contracts/derived/, byte for byte.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONTRACTS = ['openapi.yaml', 'asyncapi.yaml'] as const;
let t: TestContext;
let catalog: ApiVersionCatalog;

beforeAll(async () => {
  t = await createTestContext();
  catalog = apiVersionsOf(readRecords(ROOT)).catalog();
});
afterAll(async () => {
  await t?.close();
});

const derived = (version: string, file: string) =>
  readFileSync(path.join(ROOT, 'contracts/derived', version, file), 'utf8');
const head = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('GET /openapi.yaml and /asyncapi.yaml?version=', () => {
  it('when each answered version of the catalog is asked for, then its contract is served byte for byte (head for the newest)', async () => {
    const versions = answeredVersions(catalog);
    expect(versions.length).toBeGreaterThan(0);
    for (const version of versions) {
      for (const file of CONTRACTS) {
        const res = await supertest(t.app).get(`/${file}?version=${version}`);
        expect([version, file, res.status]).toEqual([version, file, 200]);
        expect(res.headers['content-type']).toMatch(/^application\/yaml/);
        expect(res.text === derived(version, file)).toBe(true);
        if (version === catalog[0]!.version) expect(res.text === head(file)).toBe(true);
      }
    }
  });

  it('when no version is asked for, then head is served, as before', async () => {
    for (const file of CONTRACTS) {
      const res = await supertest(t.app).get(`/${file}`).expect(200);
      expect(res.text === head(file)).toBe(true);
    }
  });

  it('when the versions differ, then each is served its own contract (the older ones are not head)', async () => {
    const versions = answeredVersions(catalog);
    const texts = await Promise.all(
      versions.map(async (v) => (await supertest(t.app).get(`/openapi.yaml?version=${v}`)).text),
    );
    // Different versions differ in their contracts: that is what a version is.
    expect(new Set(texts).size).toBe(versions.length);
  });

  it.each(['1999-01-01', 'latest', '2026-11-21x', ''])(
    'when version=%s is not answered, then 400 invalid_api_version names the supported versions',
    async (version) => {
      for (const file of CONTRACTS) {
        const res = await supertest(t.app).get(`/${file}?version=${encodeURIComponent(version)}`);
        expect(res.status).toBe(400);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.body).toMatchObject({
          error: 'invalid_api_version',
          message: expect.any(String),
          details: { version: [expect.any(String)] },
        });
        for (const v of answeredVersions(catalog)) {
          expect(res.body.message).toContain(v);
          expect(res.body.details.version[0]).toContain(v);
        }
      }
    },
  );

  it('when version is given twice, then it is refused rather than guessed', async () => {
    const v = catalog[0]!.version;
    const res = await supertest(t.app).get(`/openapi.yaml?version=${v}&version=${v}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_api_version');
  });
});

describe('/docs for a version', () => {
  it("when /docs?version= opens, then Redoc loads that version's reference, the switcher links every answered version and marks the chosen one", async () => {
    const versions = answeredVersions(catalog);
    for (const version of versions) {
      const res = await supertest(t.app).get(`/docs?version=${version}`).expect(200);
      expect(res.text).toContain(`'/docs/reference.json?version=${version}'`);
      expect(res.text).toContain(`/openapi.yaml?version=${version}`);
      const links = [...res.text.matchAll(/<a href="\/docs\?version=([\d-]+)"([^>]*)>/g)];
      expect(links.map((m) => m[1])).toEqual(versions);
      expect(links.filter((m) => m[2]!.includes('aria-current="page"')).map((m) => m[1])).toEqual([
        version,
      ]);
      const reference = await supertest(t.app)
        .get(`/docs/reference.json?version=${version}`)
        .expect(200);
      const contract = await supertest(t.app).get(`/openapi.json?version=${version}`).expect(200);
      expect(Object.keys(reference.body.paths)).toEqual(Object.keys(contract.body.paths));
      expect(contract.body.components.schemas).toEqual(
        (await import('yaml').then((y) => y.parse(derived(version, 'openapi.yaml')))).components
          .schemas,
      );
    }
  });

  it('when /docs opens without a version, then the newest is chosen; an unknown version is 400', async () => {
    const res = await supertest(t.app).get('/docs').expect(200);
    expect(res.text).toContain(`'/docs/reference.json?version=${catalog[0]!.version}'`);
    expect(res.text).toMatch(
      new RegExp(`<a href="/docs\\?version=${catalog[0]!.version}" aria-current="page">`),
    );
    expect(res.text).toContain('href="/docs/versions"');
    const bad = await supertest(t.app).get('/docs?version=1999-01-01').expect(400);
    expect(bad.body.error).toBe('invalid_api_version');
  });
});

describe('/docs/versions', () => {
  it('when opened, then it lists every version of the catalog with its status and sunset, and each version link resolves', async () => {
    const res = await supertest(t.app).get('/docs/versions').expect(200);
    expect(res.headers['content-type']).toMatch(/html/);
    const rows = [...res.text.matchAll(/<tr id="v([\d-]+)">([\s\S]*?)<\/tr>/g)];
    expect(rows.map((r) => r[1])).toEqual(catalog.map((v) => v.version));
    for (const [, version, row] of rows) {
      const info = catalog.find((v) => v.version === version)!;
      expect(row).toContain(`<td class="status">${info.status}</td>`);
      expect(row).toContain(info.sunsetAt ? info.sunsetAt.toISOString().slice(0, 10) : '—');
      for (const change of info.changes) expect(row).toContain(change.id);
      if (info.status === 'sunset') continue;
      for (const file of CONTRACTS) expect(row).toContain(`href="/${file}?version=${version}"`);
    }
    const hrefs = [...res.text.matchAll(/href="(\/[^"#]*)"/g)].map((m) => m[1]!);
    for (const href of new Set(hrefs.map((h) => h.replaceAll('&amp;', '&')))) {
      const linked = await supertest(t.app).get(href);
      expect([href, linked.status]).toEqual([href, 200]);
    }
  });

  it('when opened, then it states the support window, the headers of a deprecated version and how a plugin is pinned', async () => {
    const res = await supertest(t.app).get('/docs/versions').expect(200);
    for (const text of [
      '12 months',
      '6 months',
      'Deprecation',
      'Sunset',
      'webhook deliveries',
      'setPluginApiVersion',
      '72 hours',
      'X-Svc-Api-Version',
      'setSandboxApiVersion',
    ])
      expect([text, res.text.includes(text)]).toEqual([text, true]);
  });

  it('when /docs or the landing page opens, then it links /docs/versions', async () => {
    for (const page of ['/docs', '/']) {
      const res = await supertest(t.app).get(page).expect(200);
      expect([page, res.text.includes('href="/docs/versions"')]).toEqual([page, true]);
    }
  });
});
