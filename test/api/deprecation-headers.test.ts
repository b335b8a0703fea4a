import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import supertest from 'supertest';
import { parse, stringify } from 'yaml';
import { handlers } from '../../src/api/handlers/index.js';
import { createDataApi } from '../../src/api/router.js';
import { apiVersionsOf } from '../../src/domain/api-versions/index.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { ROOT } from '../contracts/contract-copies.js';

// The Data API's door on a copy of openapi.yaml in which two operations are deprecated (the real
// contract has none yet): their responses carry Deprecation, Sunset and Link; the others do not.
let t: TestContext;
let api: Awaited<ReturnType<typeof createDataApi>>;

beforeAll(async () => {
  t = await createTestContext();
  const doc = parse(readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8'));
  Object.assign(doc.paths['/health'].get, {
    deprecated: true,
    'x-deprecated-at': '2026-11-26',
    'x-sunset': '2027-06-30',
  });
  Object.assign(doc.paths['/locations'].get, { deprecated: true, 'x-deprecated-at': '2026-11-20' });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'openapi-')), 'openapi.yaml');
  writeFileSync(file, stringify(doc));
  api = await createDataApi(
    {
      config: t.config,
      db: t.db,
      logger: t.logger,
      events: t.events,
      apiVersions: apiVersionsOf([]),
    },
    handlers,
    file,
    {},
    () => false,
  );
});
afterAll(async () => {
  await t?.close();
});

describe('Deprecation and Sunset headers', () => {
  it('when a deprecated operation answers (even with an error), then it sends Deprecation (RFC 9745), Sunset when a date is given, and a Link to the changelog', async () => {
    const health = await supertest(api).get('/api/plugin/v1/health').expect(401);
    expect(health.headers.deprecation).toBe(`@${Date.UTC(2026, 10, 26) / 1000}`);
    expect(health.headers.sunset).toBe('Wed, 30 Jun 2027 00:00:00 GMT');
    expect(health.headers.link).toBe(
      `<${t.config.baseUrl}/docs/changelog>; rel="deprecation"; type="text/html"`,
    );

    const locations = await supertest(api).get('/api/plugin/v1/locations').expect(401);
    expect(locations.headers.deprecation).toBe(`@${Date.UTC(2026, 10, 20) / 1000}`);
    expect(locations.headers.sunset).toBeUndefined();
  });

  it('when an operation that is not deprecated answers, then it sends neither header', async () => {
    const res = await supertest(api).get('/api/plugin/v1/orders').expect(401);
    expect(res.headers.deprecation).toBeUndefined();
    expect(res.headers.sunset).toBeUndefined();
  });
});
