import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import supertest from 'supertest';
import { createTestContext, type TestContext } from '../support/context.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

describe('/docs/changelog', () => {
  it('when the changelog is opened, then it shows the dated release sections of CHANGELOG-API.md, per contract', async () => {
    const res = await supertest(t.app)
      .get('/docs/changelog')
      .expect(200)
      .expect('Content-Type', /html/);
    expect(res.text).toMatch(/<h2[^>]*>2026-11-26 \(API version 2026-11-21\)<\/h2>/);
    expect(res.text).toContain('First release');
    for (const contract of [
      'Data API (openapi.yaml)',
      'Webhooks (asyncapi.yaml)',
      'Developer portal (schema.graphql)',
    ])
      expect(res.text).toContain(contract);
    expect(res.text).toContain('<code>POST /webhooks/external</code>');
  });

  it('when /docs or /docs/webhooks is opened, then it links the changelog', async () => {
    for (const page of ['/docs', '/docs/webhooks']) {
      const res = await supertest(t.app).get(page).expect(200);
      expect([page, res.text.includes('href="/docs/changelog"')]).toEqual([page, true]);
    }
  });
});
