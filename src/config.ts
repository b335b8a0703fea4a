import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  MAX_HASH_COST,
  OWASP_MIN_HASH_COST,
  passwordHashParams,
  type PasswordHashParams,
} from './lib/passwords.js';

export type Role = 'api' | 'worker' | 'all';
/** The HTTP doors a process serves: every one, or the Data API only (with its probes). */
export type Doors = 'all' | 'data-api';

export interface Config {
  readonly port: number;
  readonly baseUrl: string;
  readonly databaseUrl: string | undefined;
  /** Connections of this process's pool (pg-boss keeps its own, small, pool besides). */
  readonly databasePoolSize: number;
  /**
   * Bounds on every connection of the process's pool (0: none): how long a query may run, how
   * long a transaction may sit idle, how long a caller waits for a free connection, and how long
   * an acknowledgement waits for a row lock.
   */
  readonly databaseTimeouts: DatabaseTimeouts;
  /**
   * SVC_DB_FAST_PATH: BEGIN sent with a transaction's first statement and row descriptions kept,
   * through pg's internals (src/db/fast-path.ts; refuses to start on a pg version other than the
   * pinned one). Off: node-postgres's public API only.
   */
  readonly databaseFastPath: boolean;
  /** SIGTERM: how long requests in flight may take to finish before the process exits anyway. */
  readonly shutdownGraceMs: number;
  readonly dataDir: string;
  readonly encryptionKey: Buffer;
  readonly jwtSecret: Buffer;
  /** scrypt parameters of new password hashes: N=2^SVC_PASSWORD_HASH_COST, r=8, p=1. */
  readonly passwordHash: PasswordHashParams;
  readonly role: Role;
  /**
   * SVC_DOORS=data-api: the process serves the Data API and the probes only (a deployment that
   * splits the doors); the portal, the dashboard, the docs and OAuth answer 404 and never load.
   */
  readonly doors: Doors;
  readonly rateLimitPerMinute: number;
  /**
   * Which peers may name the client address with X-Forwarded-For (Express's `trust proxy`): false
   * (the socket's peer is the client), a hop count, or the addresses / CIDR blocks of the proxies.
   */
  readonly trustProxy: TrustProxy;
  readonly webhook: {
    readonly timeoutMs: number;
    readonly maxAttempts: number;
    readonly backoffSeconds: readonly number[];
    readonly allowPrivate: boolean;
    /** Delivery attempts a worker loop fetches and sends at once, about (whole jobs of up to 20 each). */
    readonly batchSize: number;
    /** Delivery loops per worker process (default: one per CPU, at most 4). */
    readonly concurrency: number;
    /** Requests in flight to one endpoint (a plugin's origin) per worker process; more attempts wait their turn. */
    readonly endpointConcurrency: number;
    /**
     * Attempts of one plugin a worker process keeps running in the background (past their batch:
     * endpoints that hang); more are queued again for later (security review 4, finding 5).
     */
    readonly pluginInFlight: number;
    /** Sandbox delivery attempts per destination host and minute, across processes (security review 3, finding 7). */
    readonly sandboxPerHostPerMinute: number;
    /** Sandbox delivery attempts per plugin and minute, across processes (the same finding). */
    readonly sandboxPerPluginPerMinute: number;
  };
  readonly sandboxIdleDays: number;
  /** Days events (and their webhook logs) are kept for the events feed, redelivery and replay. */
  readonly eventRetentionDays: number;
  /** Events one plugin's replays may resend in any 24 hours (replayWebhooks; security review 3, finding 7). */
  readonly replayEventsPerDay: number;
  /** The API request log (portal apiRequests): on by default, kept `retentionDays`. */
  readonly requestLog: { readonly enabled: boolean; readonly retentionDays: number };
  /** How many times faster than its minutes a scenario run plays (1: as asked; tests and demos speed it up). */
  readonly scenarioSpeed: number;
  /** How often pg-boss's supervisor looks for expired jobs (a dead worker's): tests of a SIGKILL shorten it. */
  readonly jobsSuperviseIntervalSeconds: number;
  /** Webhook streams (webhookStream, svc listen) one process holds open in all. */
  readonly streamsPerProcess: number;
  /** Portal requests a minute of one developer's sessions (the dashboard); developer keys keep the spec's 60. */
  readonly portalSessionRequestsPerMinute: number;
  /** How often an open webhook stream re-checks its credential and renews its listener (tests shorten it). */
  readonly streamHeartbeatSeconds: number;
  /** When set, GET /metrics requires `Authorization: Bearer <token>`. */
  readonly metricsToken: string | undefined;
  readonly logLevel: string;
  readonly production: boolean;
}

export interface DatabaseTimeouts {
  readonly statementMs: number;
  readonly idleInTransactionMs: number;
  readonly acquireMs: number;
  readonly lockMs: number;
}

export type TrustProxy = false | number | readonly string[];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
}

type Env = Record<string, string | undefined>;

/**
 * Delivery loops per worker process when SVC_WEBHOOK_CONCURRENCY is unset: one per CPU, at most 4.
 * Each loop sends whole batches; on 2 CPUs, 4 loops split the jobs into smaller batches (more
 * statements per delivery) and measured 0.12-0.22 of the delivery floor against 0.30-0.38 for 2.
 */
const DEFAULT_DELIVERY_LOOPS = Math.min(4, availableParallelism());

/** Reads the environment once, validates every variable and returns one frozen object. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const production = env.NODE_ENV === 'production';
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };

  const onOff = (name: string, fallback: boolean): boolean => {
    const raw = (env[name] ?? '').trim().toLowerCase();
    if (raw === '') return fallback;
    if (['on', '1', 'true'].includes(raw)) return true;
    if (['off', '0', 'false'].includes(raw)) return false;
    problems.push(`${name} must be on or off (got "${env[name]}")`);
    return fallback;
  };

  const port = int('PORT', 3000, 0, 65535);
  const dataDir = path.resolve(env.SVC_DATA_DIR || '.data');
  const role = (env.SVC_ROLE || 'all') as Role;
  if (!['api', 'worker', 'all'].includes(role))
    problems.push(`SVC_ROLE must be api, worker or all (got "${role}")`);
  const doors = (env.SVC_DOORS || 'all') as Doors;
  if (!['all', 'data-api'].includes(doors))
    problems.push(`SVC_DOORS must be all or data-api (got "${doors}")`);

  const backoffRaw = env.SVC_WEBHOOK_BACKOFF_SECONDS || '60,300,900';
  const backoffSeconds = backoffRaw.split(',').map((s) => Number(s.trim()));
  if (backoffSeconds.some((n) => !Number.isFinite(n) || n < 0)) {
    problems.push(
      `SVC_WEBHOOK_BACKOFF_SECONDS must be a comma-separated list of seconds (got "${backoffRaw}")`,
    );
  }

  // log2 of scrypt's N. Below OWASP's minimum only for the test suite (NODE_ENV=test), whose
  // many sign-ups and log-ins would otherwise spend most of their time hashing.
  const passwordHashCost = int('SVC_PASSWORD_HASH_COST', OWASP_MIN_HASH_COST, 10, MAX_HASH_COST);
  if (passwordHashCost < OWASP_MIN_HASH_COST && env.NODE_ENV !== 'test') {
    problems.push(
      `SVC_PASSWORD_HASH_COST below ${OWASP_MIN_HASH_COST} (OWASP's minimum for scrypt) is for tests only (NODE_ENV=test)`,
    );
  }

  const secret = (name: string, file: string, bytes: number): Buffer => {
    const raw = env[name];
    if (raw) {
      const buf = Buffer.from(raw, 'base64');
      if (buf.length !== bytes) problems.push(`${name} must be ${bytes} bytes, base64-encoded`);
      return buf;
    }
    if (production) {
      problems.push(`${name} is required when NODE_ENV=production`);
      return Buffer.alloc(bytes);
    }
    return developmentSecret(dataDir, file, bytes);
  };

  const config: Config = {
    port,
    baseUrl: (env.BASE_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: int('SVC_DB_POOL_SIZE', 20, 1, 1000),
    databaseTimeouts: {
      statementMs: int('SVC_DB_STATEMENT_TIMEOUT_MS', 30_000, 0, 3_600_000),
      idleInTransactionMs: int('SVC_DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 60_000, 0, 3_600_000),
      acquireMs: int('SVC_DB_ACQUIRE_TIMEOUT_MS', 2_000, 0, 600_000),
      lockMs: int('SVC_DB_LOCK_TIMEOUT_MS', 2_000, 0, 600_000),
    },
    databaseFastPath: onOff('SVC_DB_FAST_PATH', true),
    shutdownGraceMs: int('SVC_SHUTDOWN_GRACE_MS', 10_000, 0, 600_000),
    dataDir,
    encryptionKey: secret('SVC_ENCRYPTION_KEY', 'encryption.key', 32),
    jwtSecret: secret('SVC_JWT_SECRET', 'jwt.key', 32),
    passwordHash: passwordHashParams(passwordHashCost),
    role,
    doors,
    rateLimitPerMinute: int('SVC_RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000),
    trustProxy: parseTrustProxy(env.SVC_TRUST_PROXY, problems),
    webhook: {
      timeoutMs: int('SVC_WEBHOOK_TIMEOUT_MS', 10_000, 1, 600_000),
      maxAttempts: int('SVC_WEBHOOK_MAX_ATTEMPTS', 3, 1, 20),
      backoffSeconds,
      allowPrivate: env.SVC_WEBHOOK_ALLOW_PRIVATE === '1',
      batchSize: int('SVC_WEBHOOK_BATCH_SIZE', 200, 1, 1000),
      concurrency: int('SVC_WEBHOOK_CONCURRENCY', DEFAULT_DELIVERY_LOOPS, 1, 64),
      endpointConcurrency: int('SVC_WEBHOOK_ENDPOINT_CONCURRENCY', 32, 1, 1000),
      pluginInFlight: int('SVC_WEBHOOK_PLUGIN_IN_FLIGHT', 64, 1, 100_000),
      sandboxPerHostPerMinute: int('SVC_SANDBOX_DELIVERIES_PER_HOST_PER_MINUTE', 600, 1, 1_000_000),
      sandboxPerPluginPerMinute: int(
        'SVC_SANDBOX_DELIVERIES_PER_PLUGIN_PER_MINUTE',
        1_200,
        1,
        1_000_000,
      ),
    },
    sandboxIdleDays: int('SVC_SANDBOX_IDLE_DAYS', 30, 8, 3650),
    eventRetentionDays: int('SVC_EVENT_RETENTION_DAYS', 30, 1, 3650),
    replayEventsPerDay: int('SVC_WEBHOOK_REPLAY_EVENTS_PER_DAY', 50_000, 1, 10_000_000),
    requestLog: {
      enabled: onOff('SVC_REQUEST_LOG', true),
      retentionDays: int('SVC_REQUEST_LOG_RETENTION_DAYS', 30, 1, 3650),
    },
    metricsToken: env.SVC_METRICS_TOKEN || undefined,
    streamsPerProcess: int('SVC_STREAMS_PER_PROCESS', 500, 1, 100_000),
    portalSessionRequestsPerMinute: int('SVC_PORTAL_SESSION_REQUESTS_PER_MINUTE', 60, 1, 100_000),
    // At most 20: each heartbeat renews the stream's listener for 30 s.
    streamHeartbeatSeconds: int('SVC_STREAM_HEARTBEAT_SECONDS', 10, 1, 20),
    scenarioSpeed: int('SVC_SCENARIO_SPEED', 1, 1, 100_000),
    jobsSuperviseIntervalSeconds: int('SVC_JOBS_SUPERVISE_INTERVAL_SECONDS', 30, 1, 3600),
    logLevel: env.LOG_LEVEL || 'info',
    production,
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}

// The named ranges Express understands besides addresses and CIDR blocks.
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * SVC_TRUST_PROXY: unset, empty or `off` (no proxy: X-Forwarded-For is ignored, even from
 * loopback), a hop count (`1`: the peer is the one proxy in front), or a comma-separated list of
 * the proxies' addresses and CIDR blocks (`10.0.0.0/8,2001:db8::1`, or loopback / linklocal /
 * uniquelocal).
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value.toLowerCase() === 'off' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops <= 32) return hops;
  } else {
    const entries = value.split(',').map((entry) => entry.trim());
    if (entries.every(isProxyAddress)) return Object.freeze(entries);
  }
  problems.push(
    `SVC_TRUST_PROXY must be off, a hop count from 1 to 32, or a comma-separated list of proxy addresses or CIDR blocks (got "${raw}")`,
  );
  return false;
}

function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Development only: a random secret generated once and kept in the data directory. */
function developmentSecret(dataDir: string, file: string, bytes: number): Buffer {
  const full = path.join(dataDir, file);
  if (existsSync(full)) return Buffer.from(readFileSync(full, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true });
  const value = randomBytes(bytes);
  writeFileSync(full, value.toString('base64'), { mode: 0o600 });
  return value;
}
