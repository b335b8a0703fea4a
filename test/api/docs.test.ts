import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import supertest from 'supertest';
import { EVENT_NAMES } from '../../src/generated/events.generated.js';
import { OPERATION_IDS } from '../../src/generated/operations.generated.js';
import { createTestContext, type TestContext } from '../support/context.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('docs served from the contracts', () => {
  it('serves openapi.yaml, openapi.json and asyncapi.yaml', async () => {
    const json = await supertest(t.app).get('/openapi.json');
    expect(json.status).toBe(200);
    const ids = Object.values(json.body.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((item) => Object.values(item).map((op) => op.operationId)).filter(Boolean);
    expect(new Set(ids)).toEqual(new Set(OPERATION_IDS));
    const yaml = await supertest(t.app).get('/asyncapi.yaml');
    expect(yaml.status).toBe(200);
    expect(yaml.text).toContain('asyncapi: 3.0.0');
  });

  it('renders every event of the catalog on /docs/webhooks, with no external script', async () => {
    const res = await supertest(t.app).get('/docs/webhooks');
    expect(res.status).toBe(200);
    for (const name of EVENT_NAMES) expect(res.text).toContain(`id="${name}"`);
    expect(res.text).toContain('X-Svc-Signature');
    expect(res.text).not.toMatch(/<script[^>]+src="https?:/);
  });

  it('serves /docs with Redoc from this server, not a CDN', async () => {
    const res = await supertest(t.app).get('/docs');
    expect(res.status).toBe(200);
    expect(res.text).toContain('/docs/assets/redoc.standalone.js');
    expect(res.text).not.toMatch(/src="https?:/);
    const bundle = await supertest(t.app).get('/docs/assets/redoc.standalone.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toContain('javascript');
  });

  it('when Redoc loads its document, then every operation has its ID and code samples, and /openapi.json stays the contract', async () => {
    const reference = await supertest(t.app).get('/docs/reference.json');
    expect(reference.status).toBe(200);
    const operations = Object.values(reference.body.paths as Record<string, Record<string, { operationId?: string; description: string; 'x-codeSamples': { label: string; source: string }[] }>>)
      .flatMap((item) => Object.values(item))
      .filter((op) => op.operationId);
    expect(operations).toHaveLength(OPERATION_IDS.length);
    for (const op of operations) {
      expect(op.description).toContain(`Operation ID: \`${op.operationId}\``);
      expect(op['x-codeSamples'].map((s) => s.label)).toEqual(['curl', 'openapi-fetch']);
    }
    const contract = await supertest(t.app).get('/openapi.json');
    expect(JSON.stringify(contract.body)).not.toContain('x-codeSamples');
  });

  it('when a browser asks for /graphql, then the GraphiQL page loads nothing from another host', async () => {
    const res = await supertest(t.app).get('/graphql').set('Accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/(src|href)="https?:/);
    expect(res.text).not.toContain('unpkg.com');
  });

  it('serves Redoc without its CDN logo', async () => {
    const bundle = await supertest(t.app).get('/docs/assets/redoc.standalone.js');
    expect(bundle.text).not.toContain('cdn.redoc.ly');
  });

  it('links the docs from the landing page', async () => {
    const res = await supertest(t.app).get('/');
    expect(res.status).toBe(200);
    for (const href of ['/docs', '/docs/webhooks', '/graphql', '/openapi.yaml', '/asyncapi.yaml']) expect(res.text).toContain(`href="${href}"`);
  });
});
