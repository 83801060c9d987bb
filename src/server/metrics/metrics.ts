import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import type { MailDeliveries } from '../mail/mail-worker';
import { registerDatabaseMetrics } from './database-metrics';
import type { HttpLabels } from './http-metrics';
import { readJobQueues } from './job-queues';
import { readSales } from './sales';

export interface Metrics {
  /** This app's own registry: several apps in one process (tests) never share a series. */
  registry: Registry;
  /** Every request's duration by route template, method and status; its `_count` counts them. */
  http: Histogram<HttpLabels>;
  /** Told by the mail worker of each delivery and failed attempt (main.ts wires it). */
  mail: MailDeliveries;
  /** The whole page in Prometheus's text format, with the database's figures read now. */
  scrape(): Promise<string>;
  contentType: string;
}

/**
 * The store's metrics: request timings counted as requests are answered; the connections' use,
 * the job queues and the sales read at each scrape, so nothing is done per request beyond one
 * histogram observation.
 */
export function createMetrics({
  database,
  logger,
}: {
  database: Database;
  logger: Logger;
}): Metrics {
  const registry = new Registry();
  const http = new Histogram<HttpLabels>({
    name: 'loopmarket_http_request_duration_seconds',
    help: 'Time to answer a request (until the answer starts), by route template, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const mailSent = new Counter({
    name: 'loopmarket_mail_sent_total',
    help: 'Messages this process delivered to the mail server',
    registers: [registry],
  });
  const mailFailed = new Counter({
    name: 'loopmarket_mail_failed_total',
    help: 'Delivery attempts that failed: outcome "retry" comes back later, "gave_up" was the last',
    labelNames: ['outcome'],
    registers: [registry],
  });
  registerDatabaseMetrics(registry, database);
  const refreshQueues = queueMetrics(registry, database);
  const refreshSales = salesMetrics(registry, database);

  let processMetrics = false;
  return {
    registry,
    http,
    mail: {
      sent: () => mailSent.inc(),
      failed: (gaveUp) => mailFailed.inc({ outcome: gaveUp ? 'gave_up' : 'retry' }),
    },
    contentType: registry.contentType,
    async scrape() {
      // The process's metrics (event-loop delay, memory, CPU, GC) start with the first scrape:
      // their event-loop monitor and GC observer run for good once started, and a test process
      // builds hundreds of apps that nobody scrapes.
      if (!processMetrics) {
        processMetrics = true;
        collectDefaultMetrics({ register: registry });
      }
      const reads = await Promise.allSettled([refreshQueues(), refreshSales()]);
      for (const read of reads) {
        if (read.status === 'rejected') {
          logger.warn({ err: read.reason }, 'metrics: the database figures were not read');
        }
      }
      return registry.metrics();
    },
  };
}

/** The job queues' depth, failures and oldest job, read at each scrape (job-queues.ts). */
function queueMetrics(registry: Registry, database: Database) {
  const labelNames = ['queue'] as const;
  const depth = new Gauge({
    name: 'loopmarket_job_queue_depth',
    help: 'Background jobs waiting or running, by queue',
    labelNames,
    registers: [registry],
  });
  const failed = new Gauge({
    name: 'loopmarket_job_queue_failed',
    help: 'Background jobs given up on (invoice documents: failing and waiting to retry), by queue',
    labelNames,
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'loopmarket_job_queue_oldest_seconds',
    help: 'How long the oldest waiting job has waited (0: none waits), by queue',
    labelNames,
    registers: [registry],
  });
  const gauges = [depth, failed, oldest];
  return async () => {
    const queues = await readJobQueues(database.db).catch((err: unknown) => {
      // No figure rather than a stale one.
      for (const gauge of gauges) gauge.reset();
      throw err;
    });
    for (const q of queues) {
      depth.set({ queue: q.queue }, q.depth);
      failed.set({ queue: q.queue }, q.failed);
      oldest.set({ queue: q.queue }, q.oldestSeconds);
    }
  };
}

/**
 * Orders, revenue and refunds, by currency, as counters read from the orders at each scrape
 * (sales.ts; docs/decisions.md says why not counted in memory).
 */
function salesMetrics(registry: Registry, database: Database) {
  const labelNames = ['currency'] as const;
  const counter = (name: string, help: string) =>
    new Counter({ name, help, labelNames, registers: [registry] });
  const orders = counter('loopmarket_orders_total', 'Orders paid, by currency');
  const revenue = counter(
    'loopmarket_revenue_cents_total',
    'What paid orders were paid, tax included, in cents, by currency (before refunds)',
  );
  const refunds = counter('loopmarket_refunds_total', 'Refunds recorded, by currency');
  const refunded = counter(
    'loopmarket_refunded_cents_total',
    'What was refunded, in cents, by currency',
  );
  const counters = [orders, revenue, refunds, refunded];
  return async () => {
    const sales = await readSales(database.db).catch((err: unknown) => {
      for (const c of counters) c.reset();
      throw err;
    });
    // Set in one synchronous stretch, so two scrapes at once never add up each other's figures.
    for (const c of counters) c.reset();
    for (const s of sales) {
      const labels = { currency: s.currency };
      orders.inc(labels, s.orders);
      revenue.inc(labels, s.revenueCents);
      refunds.inc(labels, s.refunds);
      refunded.inc(labels, s.refundedCents);
    }
  };
}
