import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { KyselyPlugin } from 'kysely';
import { setTimeout as sleep } from 'node:timers/promises';
import supertest from 'supertest';
import { createApp, type App } from '../../src/app.js';
import { createDatabase, type Db } from '../../src/db/database.js';
import { createTestContext, type TestContext } from '../support/context.js';

// GET /readyz is anonymous: anyone can call it as often as they like. Its statements run on the
// pool the Data API shares, and during an outage each failed probe logged a warning. The answer is
// a probe shared by concurrent callers and reused for a second; the warning is logged when the
// state changes (and then at most once a minute while it lasts). The statements are counted on
// the database handle the app was given, so nothing here reads the probe's own state.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

/** `db` with a counter of the statements that go through it. */
function counted(db: Db): { db: Db; statements: () => number } {
  let statements = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => ((statements += 1), args.node),
    transformResult: async (args) => args.result,
  };
  return { db: db.withPlugin(plugin), statements: () => statements };
}

const appOn = (db: Db): Promise<App> =>
  createApp(t.config, {
    db,
    logger: t.logger,
    events: t.events,
    queue: t.queue,
    requestLog: t.requestLog,
  });
const burst = (app: App, n: number) =>
  Promise.all(Array.from({ length: n }, () => supertest(app).get('/readyz')));

describe('GET /readyz under load', () => {
  it('when 50 callers ask at once, then the probe statements run once and everyone gets its answer; within the second, no more run; after it, one more probe', async () => {
    const probe = counted(t.db);
    const single = await (async () => {
      const one = counted(t.db);
      await supertest(await appOn(one.db))
        .get('/readyz')
        .expect(200);
      return one.statements();
    })();
    expect(single).toBeGreaterThan(0);

    const app = await appOn(probe.db);
    const first = await burst(app, 50);
    expect(first.map((r) => r.status)).toEqual(first.map(() => 200));
    expect(first.every((r) => r.body.status === 'ready')).toBe(true);
    expect(probe.statements()).toBe(single);

    const again = await burst(app, 50);
    expect(again.map((r) => r.status)).toEqual(again.map(() => 200));
    expect(probe.statements()).toBe(single);

    await sleep(1100);
    await burst(app, 50);
    expect(probe.statements()).toBe(2 * single);
  });

  it('when the database is unreachable, then 50 concurrent callers and 50 more a second later get 503 with one probe each time and one warning in all', async () => {
    const nowhere = createDatabase('postgres://nobody:nothing@127.0.0.1:1/none', { max: 1 });
    try {
      const probe = counted(nowhere.db);
      const app = await appOn(probe.db);
      const warnings = () =>
        t.logs.filter((line) => line.includes('readiness: the database is unreachable')).length;
      const before = warnings();
      const first = await burst(app, 50);
      expect(first.map((r) => r.status)).toEqual(first.map(() => 503));
      const perProbe = probe.statements();
      expect(perProbe).toBeGreaterThan(0);
      await sleep(1100);
      const second = await burst(app, 50);
      expect(second.map((r) => r.status)).toEqual(second.map(() => 503));
      expect(probe.statements()).toBe(2 * perProbe);
      expect(warnings() - before).toBe(1);
    } finally {
      await nowhere.close();
    }
  });
});
