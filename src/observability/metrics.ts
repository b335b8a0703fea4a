import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type pg from 'pg';

// The process's Prometheus metrics (GET /metrics). One registry per process, built at boot and
// passed to the doors and workers that observe; nothing registers globally, so two apps in one
// test process keep separate counts.

/** What a delivery attempt ended as (the worker's view). */
export type DeliveryOutcome = 'delivered' | 'retrying' | 'failed' | 'listener' | 'refused';

export interface QueueDepth {
  queue: string;
  ready: number;
  deferred: number;
  active: number;
  /** Given up (the fan-out outbox's rows after their last failure). */
  failed?: number;
}

export interface Metrics {
  readonly registry: Registry;
  /** One Data API request answered: its duration in seconds. */
  observeRequest(operationId: string, method: string, status: number, seconds: number): void;
  /** One request refused with 429 (`surface`: data_api, portal). */
  countRateLimited(surface: 'data_api' | 'portal'): void;
  /** One delivery attempt made, by outcome, with the time its request took. */
  observeDelivery(outcome: DeliveryOutcome, seconds: number): void;
  /** Reports the database pool's use on every scrape. */
  watchPool(pool: pg.Pool): void;
  /** Reports the job queues' depth on every scrape. */
  watchQueues(depths: () => Promise<QueueDepth[]>): void;
  /** The exposition text. */
  render(): Promise<string>;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Histogram({
    name: 'svc_http_request_duration_seconds',
    help: 'Data API request duration in seconds, by operationId, method and HTTP status.',
    labelNames: ['operation_id', 'method', 'status'] as const,
    buckets: SECONDS,
    registers: [registry],
  });
  const requestsTotal = new Counter({
    name: 'svc_http_requests_total',
    help: 'Data API requests answered, by operationId, method and HTTP status.',
    labelNames: ['operation_id', 'method', 'status'] as const,
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'svc_rate_limit_refusals_total',
    help: 'Requests refused with 429 rate_limit_exceeded, by surface.',
    labelNames: ['surface'] as const,
    registers: [registry],
  });
  const deliveries = new Counter({
    name: 'svc_webhook_deliveries_total',
    help: 'Outbound webhook delivery attempts, by outcome (delivered, retrying, failed, listener, refused).',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const deliveryDuration = new Histogram({
    name: 'svc_webhook_delivery_duration_seconds',
    help: 'Duration of outbound webhook delivery attempts in seconds, by outcome.',
    labelNames: ['outcome'] as const,
    buckets: SECONDS,
    registers: [registry],
  });
  const pools: pg.Pool[] = [];
  new Gauge({
    name: 'svc_db_pool_connections',
    help: 'Connections of the process database pool, by state (total, idle, waiting clients).',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const pool of pools) {
        this.inc({ state: 'total' }, pool.totalCount);
        this.inc({ state: 'idle' }, pool.idleCount);
        this.inc({ state: 'waiting' }, pool.waitingCount);
      }
    },
  });
  let depths: (() => Promise<QueueDepth[]>) | undefined;
  new Gauge({
    name: 'svc_queue_jobs',
    help: "Jobs in the webhook queues, by queue and state (ready, deferred, active), as the queue monitor last counted them. A webhook-delivery job carries up to 20 attempts; webhook-fanout counts the fan-out outbox's rows too (ready, and failed: given up after 10 failures).",
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      if (!depths) return;
      try {
        for (const d of await depths()) {
          this.set({ queue: d.queue, state: 'ready' }, d.ready);
          this.set({ queue: d.queue, state: 'deferred' }, d.deferred);
          this.set({ queue: d.queue, state: 'active' }, d.active);
          if (d.failed !== undefined) this.set({ queue: d.queue, state: 'failed' }, d.failed);
        }
      } catch {
        // A scrape while the database is unreachable reports no depth (/readyz says why).
      }
    },
  });
  return {
    registry,
    observeRequest: (operationId, method, status, seconds) => {
      const labels = { operation_id: operationId, method, status: String(status) };
      requests.observe(labels, seconds);
      requestsTotal.inc(labels);
    },
    countRateLimited: (surface) => rateLimited.inc({ surface }),
    observeDelivery: (outcome, seconds) => {
      deliveries.inc({ outcome });
      deliveryDuration.observe({ outcome }, seconds);
    },
    watchPool: (pool) => {
      if (!pools.includes(pool)) pools.push(pool);
    },
    watchQueues: (fn) => {
      depths = fn;
    },
    render: () => registry.metrics(),
  };
}
