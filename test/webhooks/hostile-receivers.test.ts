import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import https from 'node:https';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebhookHttpClient } from '../../src/domain/webhooks/index.js';
import { createTestTls } from '../support/tls.js';

// Receivers that misbehave after the request is sent: whatever they do, an attempt ends within
// SVC_WEBHOOK_TIMEOUT_MS (plus scheduling slack) and its result says what happened.

// Long enough that a loaded machine still gets the status line in time (the trickle then outlasts it).
const TIMEOUT_MS = 2500;
const TEN_MB = Buffer.alloc(10 * 1024 * 1024, 'a');
type Behaviour = (res: ServerResponse) => void;
const behaviours = new Map<string, Behaviour>();
const timers = new Set<NodeJS.Timeout>();
let server: https.Server;
let client: WebhookHttpClient;
let base: string;

/** Writes one byte a second, forever (until the client goes away). */
const trickle = (res: ServerResponse) => {
  const timer = setInterval(() => res.write('x'), 1000);
  timers.add(timer);
  res.on('close', () => clearInterval(timer));
};

beforeAll(async () => {
  const tls = createTestTls();
  server = https.createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    req.resume();
    req.on('end', () => behaviours.get(req.url ?? '')?.(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://localhost:${(server.address() as AddressInfo).port}`;
  client = new WebhookHttpClient({ timeoutMs: TIMEOUT_MS, allowPrivate: true, ca: tls.ca });
  behaviours.set('/ok-then-trickle', (res) => {
    res.writeHead(200, { 'content-type': 'text/plain' }).flushHeaders();
    trickle(res);
  });
  behaviours.set('/error-then-trickle', (res) => {
    res.writeHead(500, { 'content-type': 'text/plain' });
    res.write('overloaded');
    trickle(res);
  });
  behaviours.set('/endless-error', (res) => {
    res.writeHead(503, { 'content-type': 'text/plain' });
    const chunk = Buffer.alloc(16 * 1024, 'e');
    const pump = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', pump);
    };
    pump();
  });
  behaviours.set('/ten-megabytes', (res) => {
    res
      .writeHead(200, {
        'content-type': 'application/octet-stream',
        'content-length': String(TEN_MB.length),
      })
      .flushHeaders();
    const rest = (offset: number): void => {
      if (offset >= TEN_MB.length || res.destroyed) return void res.end();
      if (res.write(TEN_MB.subarray(offset, offset + 64 * 1024)))
        setImmediate(() => rest(offset + 64 * 1024));
      else res.once('drain', () => rest(offset + 64 * 1024));
    };
    rest(0);
  });
});

afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  await client.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function attempt(path: string) {
  const started = performance.now();
  const result = await client.post(`${base}${path}`, Buffer.from('{}'), {
    'content-type': 'application/json',
  });
  return { result, ms: performance.now() - started };
}

describe('a receiver that misbehaves after the request', () => {
  it('when it sends 200 headers and then one byte a second, then the attempt fails at the timeout and says so', async () => {
    const { result, ms } = await attempt('/ok-then-trickle');
    expect(ms).toBeLessThan(TIMEOUT_MS + 1000);
    expect(result).toMatchObject({ ok: false, httpStatus: 200, retryable: true });
    expect(result.errorMessage).toBe(
      `HTTP 200, then timed out after ${TIMEOUT_MS} ms: the response body did not end`,
    );
  });

  it('when it sends a 500 and then one byte a second, then the attempt fails at the timeout with the status and what it read', async () => {
    const { result, ms } = await attempt('/error-then-trickle');
    expect(ms).toBeLessThan(TIMEOUT_MS + 1000);
    expect(result).toMatchObject({ ok: false, httpStatus: 500 });
    // What it read: the body's start, then the bytes that trickled in before the timeout.
    expect(result.errorMessage).toMatch(
      new RegExp(
        `^HTTP 500, then timed out after ${TIMEOUT_MS} ms reading the body: overloadedx{0,3}$`,
      ),
    );
  });

  it('when its error body never ends, then the attempt reads what the log keeps and stops at once', async () => {
    const { result, ms } = await attempt('/endless-error');
    expect(ms).toBeLessThan(TIMEOUT_MS);
    expect(result).toMatchObject({ ok: false, httpStatus: 503 });
    expect(result.errorMessage).toMatch(/^HTTP 503: e{500}$/);
  });

  it('when it answers 200 with a 10 MB body, then the attempt is delivered without reading the body', async () => {
    const { result, ms } = await attempt('/ten-megabytes');
    expect(ms).toBeLessThan(TIMEOUT_MS + 1000);
    expect({ ...result, durationMs: 0 }).toMatchObject({
      ok: true,
      httpStatus: 200,
      errorMessage: null,
    });
  });
});
