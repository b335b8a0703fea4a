import { describe, expect, it } from '@jest/globals';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import request from 'supertest';
import { lazyRouter } from '../../src/http/lazy-router.js';

// The portal and the docs are mounted through lazyRouter (src/app.ts): loaded on the first request
// for their paths, never for another path, once however many requests arrive together.

function appWith(mount: RequestHandler) {
  const app = express();
  app.use(mount);
  app.use((_req, res) => res.status(404).json({ error: 'route_not_found' }));
  const onError: ErrorRequestHandler = (err: Error, _req, res, _next) =>
    res.status(500).json({ error: 'internal_error', message: err.message });
  app.use(onError);
  return app;
}

function loadedRouter() {
  const router = express.Router();
  router.get('/graphql', (_req, res) => res.json({ served: 'portal' }));
  return router;
}

describe('lazyRouter', () => {
  it('does not load for a path it does not serve, and falls through to the next handler', async () => {
    let loads = 0;
    const app = appWith(
      lazyRouter(
        (p) => p.startsWith('/graphql'),
        async () => (loads++, loadedRouter()),
      ),
    );
    const res = await request(app).get('/api/plugin/v1/health');
    expect(res.status).toBe(404);
    expect(loads).toBe(0);
  });

  it('loads once for requests that arrive together, and each is answered by the loaded router', async () => {
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const app = appWith(
      lazyRouter(
        (p) => p.startsWith('/graphql'),
        async () => {
          loads++;
          await gate;
          return loadedRouter();
        },
      ),
    );
    const pending = [
      request(app).get('/graphql'),
      request(app).get('/GraphQL'),
      request(app).get('/graphql'),
    ].map((r) => r.then((res) => res));
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    const answers = await Promise.all(pending);
    expect(answers.map((r) => [r.status, r.body.served])).toEqual([
      [200, 'portal'],
      [200, 'portal'],
      [200, 'portal'],
    ]);
    expect(loads).toBe(1);
    // A path the predicate matches but the router does not serve gets the router's verdict (here: none, so 404).
    expect((await request(app).get('/graphql-other')).status).toBe(404);
    expect(loads).toBe(1);
  });

  it('hands a failed load to the error handler, and tries again on the next request', async () => {
    let loads = 0;
    const app = appWith(
      lazyRouter(
        () => true,
        async () => {
          loads++;
          if (loads === 1) throw new Error('module failed to load');
          return loadedRouter();
        },
      ),
    );
    const first = await request(app).get('/graphql');
    expect(first.status).toBe(500);
    expect(first.body).toEqual({ error: 'internal_error', message: 'module failed to load' });
    const second = await request(app).get('/graphql');
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ served: 'portal' });
    expect(loads).toBe(2);
  });
});
