import type { PgBoss } from 'pg-boss';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { purgeExpiredRateLimits } from '../domain/installations/index.js';
import { runTrialSweep } from '../domain/installations/index.js';
import type { Logger } from '../logger.js';
import { refreshExpiringTokens } from '../domain/installations/index.js';
import { runSandboxIdleSweep } from '../domain/sandboxes/index.js';
import type { EventSink } from '../domain/webhooks/index.js';

// Time-driven work, once a minute on pg-boss's cron (one run cluster-wide per slot, whatever the
// number of worker processes). Each job is a domain function of `now`, so tests drive the same
// code with a controlled clock.
const SCHEDULES = {
  'trial-sweep': (deps: ScheduleDeps, now: Date) => runTrialSweep(deps.db, deps.events, now),
  'sandbox-idle-sweep': (deps: ScheduleDeps, now: Date) =>
    runSandboxIdleSweep(deps.db, deps.events, deps.config, now),
  'oauth-token-refresh': (deps: ScheduleDeps, now: Date) =>
    refreshExpiringTokens(deps.db, deps.config, now),
  'rate-limit-purge': (deps: ScheduleDeps, now: Date) => purgeExpiredRateLimits(deps.db, now),
} as const;

export interface ScheduleDeps {
  db: Db;
  events: EventSink;
  config: Config;
  logger: Logger;
}

export async function startScheduledJobs(
  boss: PgBoss,
  deps: ScheduleDeps,
): Promise<{ stop(): Promise<void> }> {
  const names = Object.keys(SCHEDULES) as (keyof typeof SCHEDULES)[];
  for (const name of names) {
    await boss.createQueue(name, { retryLimit: 0, expireInSeconds: 300, policy: 'singleton' });
    await boss.work(name, async () => {
      const result = await SCHEDULES[name](deps, new Date());
      deps.logger.info({ job: name, result }, 'scheduled job ran');
    });
    await boss.schedule(name, '* * * * *');
  }
  return {
    stop: async () =>
      void (await Promise.all(names.map((name) => boss.offWork(name, { wait: true })))),
  };
}
