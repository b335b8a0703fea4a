import express, { type Router } from 'express';
import { sql } from 'kysely';
import { timingSafeEqual } from 'node:crypto';
import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { Db } from '../db/database.js';
import { pendingMigrations } from '../db/migrate.js';
import type { Metrics } from '../observability/metrics.js';
import { httpError, sendError } from './error-response.js';

// What an operator's probes and scraper read: /healthz (the process answers), /readyz (it can
// serve: database reachable, migrations current) and /metrics (Prometheus text format, behind
// SVC_METRICS_TOKEN when set; in production only with it). Every role serves them, the worker role
// on its own port.

const READY_TIMEOUT_MS = 2000;
const READY_REUSE_MS = 1000;
const OUTAGE_LOG_MS = 60_000;

export function createProbesRouter(
  config: Config,
  deps: { db: Db; metrics: Metrics; logger?: Logger },
): Router {
  const router = express.Router();
  router.get('/healthz', (_req, res) => res.json({ status: 'ok' }));

  const readiness = readinessProbe(deps.db, deps.logger);
  router.get('/readyz', async (_req, res) => {
    const { ready, checks } = await readiness();
    res.status(ready ? 200 : 503).json({ status: ready ? 'ready' : 'not_ready', checks });
  });

  router.get('/metrics', async (req, res) => {
    // In production the metrics are served only behind a token: without SVC_METRICS_TOKEN they are
    // closed to everyone (the process still starts: an unset scrape token is no reason for an outage).
    const closed = config.metricsToken === undefined && config.production;
    if (
      closed ||
      (config.metricsToken !== undefined &&
        !bearerMatches(req.headers.authorization, config.metricsToken))
    ) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      const message = closed
        ? 'The metrics are served only with a token in production: set SVC_METRICS_TOKEN and send it as Authorization: Bearer <token>.'
        : 'Send Authorization: Bearer <SVC_METRICS_TOKEN> to read the metrics.';
      sendError(res, httpError(401, 'authentication_failed', message), config.baseUrl);
      return;
    }
    res.type(deps.metrics.registry.contentType).send(await deps.metrics.render());
  });
  return router;
}

interface Readiness {
  ready: boolean;
  checks: Record<string, string>;
}

/**
 * /readyz is anonymous and its statements run on the pool the Data API shares: callers share the
 * probe in flight, and its answer serves for READY_REUSE_MS after it ends, so any number of
 * callers costs at most one probe (3 statements) a second. A warning is logged when the answer
 * changes, and again at most every OUTAGE_LOG_MS while it stays bad, not once per caller.
 */
function readinessProbe(db: Db, logger: Logger | undefined): () => Promise<Readiness> {
  let inFlight: Promise<Readiness> | undefined;
  let last: { at: number; answer: Readiness } | undefined;
  let logged: { state: string; at: number } | undefined;
  const log = (state: string, warn: () => void) => {
    const now = Date.now();
    if (logged?.state === state && now - logged.at < OUTAGE_LOG_MS) return;
    if (state !== 'ready') warn();
    else if (logged) logger?.info('readiness: ready again');
    logged = { state, at: now };
  };
  const probe = async (): Promise<Readiness> => {
    const checks: Record<string, string> = {};
    try {
      await withTimeout(sql`select 1`.execute(db), READY_TIMEOUT_MS);
      checks.database = 'ok';
      const pending = await withTimeout(pendingMigrations(db), READY_TIMEOUT_MS);
      // A count: the names date the deployed version, which an anonymous probe need not tell.
      log(pending.length ? `pending:${pending.join(',')}` : 'ready', () =>
        logger?.warn({ pending }, 'readiness: migrations are pending'),
      );
      checks.migrations =
        pending.length === 0 ? 'ok' : `pending: ${pending.length} (the process log names them)`;
    } catch (err) {
      // The driver's message names hosts, addresses and users: for the log, not for anyone asking.
      log('unreachable', () => logger?.warn({ err }, 'readiness: the database is unreachable'));
      checks.database =
        'unreachable: no answer within the timeout or the connection failed (the process log has the reason)';
    }
    return { ready: checks.database === 'ok' && checks.migrations === 'ok', checks };
  };
  return () => {
    if (last && Date.now() - last.at < READY_REUSE_MS) return Promise.resolve(last.answer);
    inFlight ??= probe()
      .then((answer) => ((last = { at: Date.now(), answer }), answer))
      .finally(() => (inFlight = undefined));
    return inFlight;
  };
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  if (!match) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
