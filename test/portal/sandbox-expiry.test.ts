import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import { issueSessionToken } from '../../src/portal/auth.js';
import { EXPIRY_ACTION, runSandboxIdleSweep } from '../../src/domain/sandboxes/expiry.js';
import { createSandboxInstallation } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { expectValidEventData, outboxEvents } from '../support/events.js';
import { call } from '../support/http.js';
import { gqlData } from '../support/portal-builders.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const at = (base: Date, days: number) => new Date(base.getTime() + days * DAY);
// Every test runs on its own stretch of a controllable clock, far from the others', so that one
// test's sweeps never reach another test's sandbox before it is done.
let era = 0;
const nextBase = () => new Date(Date.UTC(2031, 0, 1) + era++ * 1000 * DAY);

type Box = Awaited<ReturnType<typeof createSandboxInstallation>>;

async function idleSandbox(lastAccessedAt: Date, protectedUntil: Date | null = null): Promise<Box> {
  const box = await createSandboxInstallation(t.db);
  await t.db
    .updateTable('control.sandboxes')
    .set({ last_accessed_at: lastAccessedAt, protected_until: protectedUntil })
    .where('sandbox_id', '=', box.sandboxId)
    .execute();
  return box;
}

const sweep = (now: Date) => runSandboxIdleSweep(t.db, t.events, t.config, now);
/** What one sweep did to this sandbox (other tests' sandboxes may be swept along). */
async function sweepFor(box: Box, now: Date): Promise<'warned' | 'expired' | 'nothing'> {
  const result = await sweep(now);
  return result.warned.includes(box.sandboxId)
    ? 'warned'
    : result.expired.includes(box.sandboxId)
      ? 'expired'
      : 'nothing';
}
const warnings = (box: Box) =>
  outboxEvents(t.db, { installationId: box.installationId, names: ['sandbox.expiry_warning'] });
const statusOf = async (box: Box) =>
  (
    await t.db
      .selectFrom('control.sandboxes')
      .select('status')
      .where('sandbox_id', '=', box.sandboxId)
      .executeTakeFirstOrThrow()
  ).status;
const schemaExists = async (schema: string) =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from pg_namespace where nspname = ${schema}`.execute(t.db)
  ).rows[0]!.n === 1;

describe('idle expiry sweep', () => {
  it('when protected through the portal, then a sandbox idle long enough to be warned is not', async () => {
    // Real time here: protectSandbox counts its days from the database clock.
    const idle = await idleSandbox(new Date(Date.now() - 29 * DAY));
    const kept = await idleSandbox(new Date(Date.now() - 29 * DAY));
    const { token } = await issueSessionToken(t.config, kept.developerId);
    await gqlData(
      t.app,
      token,
      'mutation($id: ID!) { protectSandbox(id: $id, days: 30) { protectedUntil } }',
      { id: String(kept.sandboxId) },
    );
    const result = await sweep(new Date());
    expect(result.warned).toContain(idle.sandboxId);
    expect(result.warned).not.toContain(kept.sandboxId);
    expect(await warnings(kept)).toHaveLength(0);
    expect(await statusOf(kept)).toBe('active');
  });

  it('when 7 days remain, then sandbox.expiry_warning is emitted once; at the deadline the schema is dropped and the key answers 401 sandbox_not_ready', async () => {
    const base = nextBase();
    const idleDays = t.config.sandboxIdleDays;
    const box = await idleSandbox(base);

    expect(await sweepFor(box, at(base, idleDays - 7 - 0.01))).toBe('nothing');
    expect(await warnings(box)).toHaveLength(0);

    expect(await sweepFor(box, at(base, idleDays - 7))).toBe('warned');
    const [warning, ...more] = await warnings(box);
    expect(more).toHaveLength(0);
    expectValidEventData('sandbox.expiry_warning', warning!.data);
    expect(warning!.data).toEqual({
      sandbox_id: box.sandboxId,
      sandbox_name: 'Test sandbox',
      schema_name: box.schemaName,
      purpose: 'testing',
      last_accessed_at: base.toISOString(),
      would_expire_at: at(base, idleDays).toISOString(),
      protected_until: null,
      action: EXPIRY_ACTION,
    });
    expect(warning!).toMatchObject({
      plane: 'sandbox',
      sandbox_id: box.sandboxId,
      organization_id: box.organizationId,
      location_id: box.locationIds[0],
      installation_id: box.installationId,
    });

    // Once per deadline: later sweeps before the deadline neither warn again nor drop.
    expect(await sweepFor(box, at(base, idleDays - 1))).toBe('nothing');
    expect(await warnings(box)).toHaveLength(1);
    expect(await schemaExists(box.schemaName)).toBe(true);

    expect(await sweepFor(box, at(base, idleDays))).toBe('expired');
    expect(await statusOf(box)).toBe('expired');
    expect(await schemaExists(box.schemaName)).toBe(false);
    const res = await call(t.app, 'get', '/health', { key: box.apiKey });
    expect({ status: res.status, error: res.body.error }).toEqual({
      status: 401,
      error: 'sandbox_not_ready',
    });
  });

  it('when protection runs past the idle deadline, then the warning comes 7 days before the protection ends, and the drop at its end', async () => {
    const base = nextBase();
    const protectedUntil = at(base, 60);
    const box = await idleSandbox(base, protectedUntil);
    expect(await sweepFor(box, at(base, 40))).toBe('nothing');
    expect(await sweepFor(box, at(base, 53))).toBe('warned');
    const [warning] = await warnings(box);
    expect(warning!.data).toMatchObject({
      protected_until: protectedUntil.toISOString(),
      would_expire_at: protectedUntil.toISOString(),
    });
    expect(await sweepFor(box, at(base, 59.9))).toBe('nothing');
    expect(await sweepFor(box, at(base, 60))).toBe('expired');
  });

  it('when the sweep missed the warning window, then it warns first and drops no sooner than 7 days later', async () => {
    const base = nextBase();
    const idleDays = t.config.sandboxIdleDays;
    const box = await idleSandbox(base);
    const late = at(base, idleDays + 1);
    expect(await sweepFor(box, late)).toBe('warned');
    expect((await warnings(box))[0]!.data.would_expire_at).toBe(at(late, 7).toISOString());
    expect(await sweepFor(box, at(late, 6.9))).toBe('nothing');
    expect(await sweepFor(box, at(late, 7))).toBe('expired');
  });

  it('when the sandbox is used after a warning, then the clock restarts and a new warning precedes the new deadline', async () => {
    const base = nextBase();
    const idleDays = t.config.sandboxIdleDays;
    const box = await idleSandbox(base);
    await sweep(at(base, idleDays - 7));
    const used = at(base, idleDays - 3);
    await t.db
      .updateTable('control.sandboxes')
      .set({ last_accessed_at: used })
      .where('sandbox_id', '=', box.sandboxId)
      .execute();
    expect(await sweepFor(box, at(base, idleDays + 1))).toBe('nothing');
    expect(await sweepFor(box, at(used, idleDays - 7))).toBe('warned');
    expect(await warnings(box)).toHaveLength(2);
    expect(await statusOf(box)).toBe('active');
  });

  it('when an expired sandbox is reset through the portal, then it is active again with its key', async () => {
    const base = nextBase();
    const box = await idleSandbox(base);
    await sweep(at(base, 60));
    await sweep(at(base, 70));
    expect(await statusOf(box)).toBe('expired');
    const { token } = await issueSessionToken(t.config, box.developerId);
    await gqlData(t.app, token, 'mutation($id: ID!) { resetSandbox(id: $id) { status } }', {
      id: String(box.sandboxId),
    });
    expect(await statusOf(box)).toBe('active');
    expect((await call(t.app, 'get', '/health', { key: box.apiKey })).status).toBe(200);
  });
});

describe('simulateSandboxExpiryWarning', () => {
  it('when the owner simulates the warning, then sandbox.expiry_warning is emitted now with the real expiry date, and the deadline does not move', async () => {
    const box = await idleSandbox(new Date(Date.now() - 2 * DAY));
    const { token } = await issueSessionToken(t.config, box.developerId);
    const QUERY = 'query($id: ID!) { sandbox(id: $id) { wouldExpireAt } }';
    const before = (await gqlData(t.app, token, QUERY, { id: String(box.sandboxId) })).sandbox
      .wouldExpireAt;
    const result = await gqlData(
      t.app,
      token,
      'mutation($s: ID!) { simulateSandboxExpiryWarning(sandboxId: $s) { id status wouldExpireAt } }',
      { s: String(box.sandboxId) },
    );
    expect(result.simulateSandboxExpiryWarning).toEqual({
      id: String(box.sandboxId),
      status: 'active',
      wouldExpireAt: before,
    });
    const [event] = await warnings(box);
    expect(event).toBeDefined();
    expectValidEventData('sandbox.expiry_warning', event!.data);
    expect(event!.data).toMatchObject({
      sandbox_id: box.sandboxId,
      would_expire_at: new Date(before).toISOString(),
    });
    // The sweep still warns inside the real window: the simulation did not count as that warning.
    expect(await sweepFor(box, at(new Date(before), -6))).toBe('warned');
  });

  it('when another developer simulates it, then the sandbox is not_found and nothing is emitted', async () => {
    const box = await idleSandbox(new Date());
    const stranger = await createSandboxInstallation(t.db);
    const { token } = await issueSessionToken(t.config, stranger.developerId);
    const res = await t
      .request()
      .post('/graphql')
      .set('Authorization', `Bearer ${token}`)
      .send({
        query: 'mutation($s: ID!) { simulateSandboxExpiryWarning(sandboxId: $s) { id } }',
        variables: { s: String(box.sandboxId) },
      });
    expect(res.body.errors[0].extensions.code).toBe('not_found');
    expect(await warnings(box)).toEqual([]);
  });
});
