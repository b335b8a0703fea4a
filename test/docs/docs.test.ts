import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import supertest from 'supertest';
import { API_ROOT } from '../../src/api/router.js';
import { EVENT_NAMES } from '../../src/generated/events.generated.js';
import { OPERATION_IDS } from '../../src/generated/operations.generated.js';
import { seedDemo } from '../../src/seed/demo.js';
import { createTestContext, type TestContext } from '../support/context.js';

// Neither the default base URL nor the default data directory: the docs must name these. The app
// listens at its BASE_URL, so the curl samples can be run as shown.
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'docs-data-'));
let BASE_URL: string;
let t: TestContext;
let server: http.Server;

beforeAll(async () => {
  let app: http.RequestListener | undefined;
  server = http.createServer((req, res) => app!(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  BASE_URL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestContext({ BASE_URL, SVC_DATA_DIR: DATA_DIR });
  app = t.app;
});
afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await t?.close();
  rmSync(DATA_DIR, { recursive: true, force: true });
});

interface Sample {
  lang: string;
  label: string;
  source: string;
}
interface ReferenceOperation {
  operationId: string;
  description: string;
  'x-codeSamples': Sample[];
}

async function referenceOperations(app = t.app): Promise<ReferenceOperation[]> {
  const reference = await supertest(app).get('/docs/reference.json');
  expect(reference.status).toBe(200);
  return Object.values(reference.body.paths as Record<string, Record<string, ReferenceOperation>>)
    .flatMap((item) => Object.values(item))
    .filter((op) => op.operationId);
}

const sample = (op: ReferenceOperation, label: string) =>
  op['x-codeSamples'].find((s) => s.label === label)!.source;

/** The method and URL of a curl sample. */
function parseCurl(source: string): { method: string; url: string } {
  const line = /^curl(?: -X (\w+))? "([^"]+)"/m.exec(source);
  if (!line) throw new Error(`not a curl sample:\n${source}`);
  return { method: line[1] ?? 'GET', url: line[2]! };
}

/**
 * Runs a curl sample exactly as the page shows it, in bash with only `env` set. A curlrc (read from
 * CURL_HOME) makes curl quiet and print the status after the body.
 */
async function runCurl(
  source: string,
  env: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const home = mkdtempSync(path.join(tmpdir(), 'curl-home-'));
  try {
    writeFileSync(
      path.join(home, '.curlrc'),
      'silent\nshow-error\nnoproxy = "*"\nwrite-out = "\\n%{http_code}"\n',
    );
    const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', source], {
      env: { PATH: process.env.PATH!, CURL_HOME: home, ...env },
    });
    const cut = stdout.lastIndexOf('\n');
    return { status: Number(stdout.slice(cut + 1)), body: stdout.slice(0, cut) };
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

describe('docs served from the contracts', () => {
  it('serves openapi.yaml, openapi.json and asyncapi.yaml', async () => {
    const json = await supertest(t.app).get('/openapi.json');
    expect(json.status).toBe(200);
    const ids = Object.values(
      json.body.paths as Record<string, Record<string, { operationId?: string }>>,
    )
      .flatMap((item) => Object.values(item).map((op) => op.operationId))
      .filter(Boolean);
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
    const operations = await referenceOperations();
    expect(operations).toHaveLength(OPERATION_IDS.length);
    for (const op of operations) {
      expect(op.description).toContain(`Operation ID: \`${op.operationId}\``);
      expect(op['x-codeSamples'].map((s) => s.label)).toEqual(['curl', 'TypeScript']);
    }
    const contract = await supertest(t.app).get('/openapi.json');
    expect(JSON.stringify(contract.body)).not.toContain('x-codeSamples');
  });

  it('when /docs starts Redoc, then its sample picker offers every sample language of the document (curl, TypeScript) besides the payload', async () => {
    const res = await supertest(t.app).get('/docs');
    const options = /codeSamples: (\{.*\}),\s*$/m.exec(res.text);
    expect(options).not.toBeNull();
    expect(JSON.parse(options![1]!)).toEqual({
      languages: [
        { lang: 'curl', label: 'curl' },
        { lang: 'TypeScript', label: 'TypeScript' },
        { lang: 'Payload', label: 'Payload' },
      ],
    });
  });

  it('when the app runs with a BASE_URL and SVC_DATA_DIR of its own, then the samples, the server list and the landing page name them, never localhost:3000 or .data', async () => {
    const reference = await supertest(t.app).get('/docs/reference.json');
    expect(reference.body.servers[0].url).toBe(`${BASE_URL}${API_ROOT}`);
    expect(reference.text).not.toContain('localhost:3000');
    expect(reference.text).not.toContain('{base_url}');
    for (const op of await referenceOperations()) {
      expect(parseCurl(sample(op, 'curl')).url.startsWith(`${BASE_URL}${API_ROOT}/`)).toBe(true);
      expect(sample(op, 'TypeScript')).toContain(`baseUrl: '${BASE_URL}${API_ROOT}'`);
    }
    const landing = await supertest(t.app).get('/');
    expect(landing.text).toContain(`${BASE_URL}${API_ROOT}/health`);
    expect(landing.text).toContain(path.join(DATA_DIR, 'demo-credentials.json'));
    expect(landing.text).toContain(`SVC_DATA_DIR=${DATA_DIR} npx tsx examples/plugin/main.ts`);
    expect(landing.text).not.toContain('localhost:3000');
    expect(landing.text).not.toContain('.data/');
  });

  it('when only PORT is set, then the samples address http://localhost:<PORT>', async () => {
    const app = await t.newApp({ PORT: '4567', BASE_URL: '' });
    const [health] = await referenceOperations(app);
    expect(parseCurl(sample(health!, 'curl')).url).toBe(`http://localhost:4567${API_ROOT}/health`);
    expect((await supertest(app).get('/')).text).toContain(
      `http://localhost:4567${API_ROOT}/health`,
    );
  });

  it('when every curl sample runs as shown with the demo sandbox credentials, then each succeeds: its ids exist in the demo sandbox', async () => {
    const demo = await seedDemo(t.db, t.config);
    const env = {
      PLUGIN_API_KEY: demo.sandbox.api_key,
      WEBHOOK_SECRET: demo.sandbox.webhook_secret,
    };
    const failures: string[] = [];
    for (const op of await referenceOperations()) {
      // A setup token comes from the marketplace's install redirect: no demo data holds one.
      if (op.operationId === 'exchangeSetupToken') continue;
      const res = await runCurl(sample(op, 'curl'), env);
      // A bulk write answers 200 and reports an unknown id as not_found.
      if (res.status < 200 || res.status >= 300 || res.body.includes('"not_found"'))
        failures.push(`${op.operationId}: ${res.status} ${res.body}`);
      // The sample of GET /webhooks/external/{logId} reads the log id of this one from LOG_ID.
      if (op.operationId === 'receiveExternalWebhook')
        Object.assign(env, { LOG_ID: String(JSON.parse(res.body).data.log_id) });
    }
    expect(failures).toEqual([]);
  }, 60_000);

  it('when a sample shows a request body, then its TypeScript sample sends the same body as its curl sample', async () => {
    for (const op of await referenceOperations()) {
      const data = /^(?:BODY=|  -d )'((?:[^']|'\\'')*)'/m.exec(sample(op, 'curl'));
      if (!data) continue;
      const body = JSON.parse(data[1]!.replaceAll(`'\\''`, `'`));
      expect(sample(op, 'TypeScript').replace(/\s+/g, '')).toContain(
        JSON.stringify(body).replace(/\s+/g, ''),
      );
    }
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
    for (const href of ['/docs', '/docs/webhooks', '/graphql', '/openapi.yaml', '/asyncapi.yaml'])
      expect(res.text).toContain(`href="${href}"`);
  });
});
