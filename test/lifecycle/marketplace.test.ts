import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { sql } from 'kysely';
import {
  completeCheckout,
  installPlugin,
  removeInstallation,
  runTrialSweep,
} from '../../src/domain/installations/marketplace.js';
import { createOrganization, createPlugin } from '../support/builders.js';
import { createTestContext, type TestContext } from '../support/context.js';
import { expectValidEventData, outboxEvents } from '../support/events.js';
import { call } from '../support/http.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

async function paidPlugin(trialDays: number) {
  const plugin = await createPlugin(t.db);
  await t.db
    .updateTable('control.plugins')
    .set({ pricing_model: 'paid', price: '29.00', trial_days: trialDays })
    .where('plugin_id', '=', plugin.pluginId)
    .execute();
  return plugin;
}

async function install(pluginId: number) {
  const org = await createOrganization(t.db);
  const result = await installPlugin(t.db, t.events, {
    pluginId,
    plane: 'production',
    sandboxId: null,
    organizationId: org.organizationId,
    locationId: org.locationId,
  });
  return { ...org, ...result };
}

async function exchange(setupToken: string, ip = '127.0.0.1') {
  return call(t.app, 'post', '/setup-token/exchange', {
    body: { setup_token: setupToken },
    headers: { 'X-Forwarded-For': ip },
  });
}

describe('installing a free plugin', () => {
  it('when installed, then it is active at once and installation.created has is_trial false and no trial_ends_at', async () => {
    const plugin = await createPlugin(t.db);
    const inst = await install(plugin.pluginId);
    expect(inst.status).toBe('active');
    const events = await outboxEvents(t.db, { installationId: inst.installationId });
    expect(events.map((e) => e.event_name)).toEqual(['installation.created']);
    expect(events[0]!.data).toEqual({
      installation_id: inst.installationId,
      plugin_id: plugin.pluginId,
      organization_id: inst.organizationId,
      location_id: inst.locationId,
      is_trial: false,
    });
    expectValidEventData('installation.created', events[0]!.data);
  });

  it('when the setup token is exchanged, then the key works once and the token cannot be reused', async () => {
    const plugin = await createPlugin(t.db);
    const inst = await install(plugin.pluginId);
    const res = await exchange(inst.setupToken, '10.0.0.1');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      installation_id: inst.installationId,
      api_key: expect.stringMatching(/^pik_[0-9a-f]{64}$/),
    });
    expect(res.headers['x-ratelimit-limit']).toBe('20');
    expect((await call(t.app, 'get', '/health', { key: res.body.data.api_key })).status).toBe(200);
    const again = await exchange(inst.setupToken, '10.0.0.1');
    expect(again.status).toBe(401);
    expect(again.body.error).toBe('invalid_setup_token');
  });

  it('when the setup token has expired, then 401 invalid_setup_token', async () => {
    const plugin = await createPlugin(t.db);
    const inst = await install(plugin.pluginId);
    await t.db
      .updateTable('control.setup_tokens')
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where('installation_id', '=', inst.installationId)
      .execute();
    const res = await exchange(inst.setupToken, '10.0.0.2');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('invalid_setup_token');
  });

  it('when an IP makes more than 20 exchanges a minute, then 429 with the rate-limit headers', async () => {
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 21; i++) {
      last = await exchange('stp_unknown-token-value-for-rate-limit', '10.9.9.9');
      statuses.push(last.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(last!.status).toBe(429);
    expect(last!.body.error).toBe('rate_limit_exceeded');
    expect(last!.headers['retry-after']).toBeDefined();
    expect(last!.headers['x-ratelimit-limit']).toBe('20');
    expect(last!.headers['x-ratelimit-remaining']).toBe('0');
  });
});

describe('installing a paid plugin', () => {
  it('when installed, then it waits in pending_payment and the Data API answers installation_inactive', async () => {
    const plugin = await paidPlugin(14);
    const inst = await install(plugin.pluginId);
    expect(inst.status).toBe('pending_payment');
    const key = (await exchange(inst.setupToken, '10.0.1.1')).body.data.api_key;
    const res = await call(t.app, 'get', '/installation', { key });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('installation_inactive');
    expect(await outboxEvents(t.db, { installationId: inst.installationId })).toEqual([]);
  });

  it('when checkout completes with a free trial, then trial.started, then trial.ending once, then subscription.activated at the end', async () => {
    const plugin = await paidPlugin(14);
    const inst = await install(plugin.pluginId);
    const active = await completeCheckout(t.db, t.events, inst.installationId);
    expect(active.status).toBe('active');
    expect(active.is_trial).toBe(true);
    const endsAt = active.trial_ends_at!;
    expect(endsAt.getTime() - Date.now()).toBeGreaterThan(13.9 * 86_400_000);

    expect(
      await runTrialSweep(t.db, t.events, new Date(endsAt.getTime() - 5 * 86_400_000)),
    ).toEqual({ ending: 0, converted: 0 });
    expect(
      await runTrialSweep(t.db, t.events, new Date(endsAt.getTime() - 2.5 * 86_400_000)),
    ).toEqual({ ending: 1, converted: 0 });
    expect(
      await runTrialSweep(t.db, t.events, new Date(endsAt.getTime() - 1 * 86_400_000)),
    ).toEqual({ ending: 0, converted: 0 });
    expect(await runTrialSweep(t.db, t.events, new Date(endsAt.getTime() + 1000))).toEqual({
      ending: 0,
      converted: 1,
    });

    const events = await outboxEvents(t.db, { installationId: inst.installationId });
    expect(events.map((e) => e.event_name)).toEqual([
      'trial.started',
      'trial.ending',
      'subscription.activated',
    ]);
    expect(events[0]!.data).toMatchObject({ is_trial: true, trial_ends_at: endsAt.toISOString() });
    expect(events[1]!.data).toMatchObject({
      days_remaining: 3,
      trial_ends_at: endsAt.toISOString(),
    });
    expect(events[2]!.data).toEqual({
      installation_id: inst.installationId,
      plugin_id: plugin.pluginId,
      organization_id: inst.organizationId,
      location_id: inst.locationId,
      is_trial: false,
    });
    for (const e of events) expectValidEventData(e.event_name, e.data);
  });

  it('when checkout completes without a trial, then subscription.activated and the key works', async () => {
    const plugin = await paidPlugin(0);
    const inst = await install(plugin.pluginId);
    const key = (await exchange(inst.setupToken, '10.0.1.2')).body.data.api_key;
    await completeCheckout(t.db, t.events, inst.installationId);
    expect((await call(t.app, 'get', '/health', { key })).status).toBe(200);
    const events = await outboxEvents(t.db, { installationId: inst.installationId });
    expect(events.map((e) => e.event_name)).toEqual(['subscription.activated']);
    expectValidEventData('subscription.activated', events[0]!.data);
    await expect(completeCheckout(t.db, t.events, inst.installationId)).rejects.toMatchObject({
      code: 'invalid_transition',
    });
  });
});

describe('removing an installation', () => {
  it('when removed, then installation.removed is emitted while active, then the key is refused', async () => {
    const plugin = await createPlugin(t.db);
    const inst = await install(plugin.pluginId);
    const key = (await exchange(inst.setupToken, '10.0.2.1')).body.data.api_key;
    const removed = await removeInstallation(t.db, t.events, inst.installationId);
    expect(removed.status).toBe('removed');
    const events = await outboxEvents(t.db, { installationId: inst.installationId });
    expect(events.map((e) => e.event_name)).toEqual([
      'installation.created',
      'installation.removed',
    ]);
    expect(events[1]!.data).toEqual({
      installation_id: inst.installationId,
      plugin_id: plugin.pluginId,
      organization_id: inst.organizationId,
      location_id: inst.locationId,
    });
    expectValidEventData('installation.removed', events[1]!.data);
    const res = await call(t.app, 'get', '/health', { key });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('installation_inactive');
  });

  it('refuses to install a production listing that is not active', async () => {
    const plugin = await createPlugin(t.db, { listingStatus: 'under_review' });
    await expect(install(plugin.pluginId)).rejects.toMatchObject({ code: 'validation_error' });
  });
});
