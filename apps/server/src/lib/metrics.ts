import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * What this process reports to Prometheus (`GET /metrics` on METRICS_PORT). A scrape describes one
 * process, so the registry is the process's: code anywhere counts what it does here, and apps built
 * in one process (tests) add to the same counts. Counting is always on and costs an increment; the
 * request histogram and the listener exist only when METRICS_PORT is set (plugins/metrics.ts).
 */
export const registry = new Registry();

// CPU, memory, event-loop delay, GC, handles: Node's own, under their usual names.
collectDefaultMetrics({ register: registry });

/** Time from a request's arrival to its reply, by the route's pattern (never the raw URL). */
export const httpDuration = new Histogram({
  name: 'http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by method, route pattern and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const ordersPlaced = new Counter({
  name: 'bazaar_orders_placed_total',
  help: 'Orders placed at checkout (each starts Pending, awaiting payment)',
  registers: [registry],
});

/** Every move of the order lifecycle once committed: paid, cancelled, expired (by the shop) … */
export const orderMoves = new Counter({
  name: 'bazaar_order_status_changes_total',
  help: 'Order status changes, by from, to and who made them (shopper, admin, system)',
  labelNames: ['from', 'to', 'by'] as const,
  registers: [registry],
});

export type PaymentOutcome = 'captured' | 'failed' | 'refund_due' | 'refunded';

export const paymentOutcomes = new Counter({
  name: 'bazaar_payments_total',
  help: 'Payments reaching an outcome: captured, failed, refund_due (money to give back), refunded',
  labelNames: ['outcome'] as const,
  registers: [registry],
});

export const jobRuns = new Counter({
  name: 'bazaar_job_runs_total',
  help: 'Rounds of the background jobs, by job and outcome (ok, failed)',
  labelNames: ['job', 'outcome'] as const,
  registers: [registry],
});

export const jobDuration = new Histogram({
  name: 'bazaar_job_duration_seconds',
  help: 'Time a background job round took',
  labelNames: ['job'] as const,
  buckets: [0.005, 0.025, 0.1, 0.5, 2.5, 10, 60],
  registers: [registry],
});

/** Counts a cache keeps itself (plain numbers: a hit on the hot path costs an increment). */
export interface CacheStats {
  hits: number;
  /** Answered stale while a fresh copy loads. */
  stale: number;
  misses: number;
}

const caches = new Map<object, { name: string; stats: () => CacheStats }>();

/** Reports a cache's counts under `name` until the returned function is called. */
export function watchCache(name: string, stats: () => CacheStats): () => void {
  const key = {};
  caches.set(key, { name, stats });
  return () => caches.delete(key);
}

new Counter({
  name: 'bazaar_cache_requests_total',
  help: 'Lookups of the catalogue caches, by cache and result (hit, stale, miss); hit rate = hit / all',
  labelNames: ['cache', 'result'] as const,
  registers: [registry],
  collect() {
    this.reset();
    for (const { name, stats } of caches.values()) {
      const s = stats();
      this.inc({ cache: name, result: 'hit' }, s.hits);
      this.inc({ cache: name, result: 'stale' }, s.stale);
      this.inc({ cache: name, result: 'miss' }, s.misses);
    }
  },
});

/** What the gauges read of a pg pool. */
export interface PoolLike {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}

const pools = new Set<PoolLike>();

/** Reports a database pool's use until the returned function is called. */
export function watchPool(pool: PoolLike): () => void {
  pools.add(pool);
  return () => pools.delete(pool);
}

new Gauge({
  name: 'bazaar_db_pool_connections',
  help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    const sum = (read: (p: PoolLike) => number) => [...pools].reduce((n, p) => n + read(p), 0);
    this.set(
      { state: 'total' },
      sum((p) => p.totalCount),
    );
    this.set(
      { state: 'idle' },
      sum((p) => p.idleCount),
    );
    this.set(
      { state: 'waiting' },
      sum((p) => p.waitingCount),
    );
  },
});

new Gauge({
  name: 'bazaar_db_pool_max',
  help: 'Most connections the PostgreSQL pool may open',
  registers: [registry],
  collect() {
    this.set([...pools].reduce((n, p) => n + (p.options.max ?? 10), 0));
  },
});
