import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { packExtractionMessages } from '#shared/pack-extraction';
import { packExtractions, type PackExtractionRow } from '../db/schema';
import type { Logger } from '../logger';
import { retryDelayMs } from '../mail/mail-worker';
import type { Db } from '../db/client';
import {
  ExtractionSuperseded,
  runExtraction,
  type ExtractionDeps,
} from './pack-extraction.service';
import { PackRefusal } from './pack-zip';
import { pollingWorker } from '../jobs/polling-worker';

export interface ExtractionWorkerOptions extends ExtractionDeps {
  logger: Logger;
  pollMs?: number;
  /** How long a claimed job is this worker's without news; each item read renews it. */
  leaseMs?: number;
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Tries before a job that keeps failing (storage down) is given up, with a message. */
  maxAttempts?: number;
}

export const EXTRACTION_WORKER_DEFAULTS = {
  pollMs: 2000,
  leaseMs: 60_000,
  retryBaseMs: 30_000,
  retryMaxMs: 30 * 60_000,
  maxAttempts: 5,
};

export interface ExtractionWorker {
  start(): void;
  /** Runs every job due now, one after another; resolves to how many finished (done or refused). */
  drainOnce(): Promise<number>;
  stop(): Promise<void>;
}

const fromNow = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

/** One due job, leased and counted; SKIP LOCKED lets several servers share the queue. */
async function claimDueJob(db: Db, leaseMs: number): Promise<PackExtractionRow | undefined> {
  const due = db
    .select({ id: packExtractions.id })
    .from(packExtractions)
    .where(
      and(
        inArray(packExtractions.status, ['queued', 'running']),
        lte(packExtractions.nextAttemptAt, sql`now()`),
      ),
    )
    .orderBy(asc(packExtractions.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(packExtractions)
    .set({
      status: 'running',
      nextAttemptAt: fromNow(leaseMs),
      attempts: sql`${packExtractions.attempts} + 1`,
      itemsDone: 0,
    })
    .where(inArray(packExtractions.id, due))
    .returning();
  return job;
}

/**
 * Reads uploaded pack ZIPs off the request path (pattern of invoices/document-worker.ts): one
 * job at a time, each item a few small steps with a turn of the event loop between them.
 */
export function createExtractionWorker(options: ExtractionWorkerOptions): ExtractionWorker {
  const { db, logger } = options;
  const settings = { ...EXTRACTION_WORKER_DEFAULTS };
  for (const key of Object.keys(settings) as (keyof typeof settings)[]) {
    settings[key] = options[key] ?? settings[key];
  }

  const finish = (id: string, error: string) =>
    db
      .update(packExtractions)
      .set({ status: 'failed', error, finishedAt: sql`now()` })
      .where(eq(packExtractions.id, id));

  async function run(job: PackExtractionRow): Promise<boolean> {
    const progress = async (done: number, total: number) => {
      if (worker.isStopped()) throw new Error('The server is stopping');
      await db
        .update(packExtractions)
        .set({ itemsDone: done, itemsTotal: total, nextAttemptAt: fromNow(settings.leaseMs) })
        .where(eq(packExtractions.id, job.id));
    };
    try {
      const items = await runExtraction(options, job, progress);
      logger.info({ product: job.productId, items }, 'pack contents read from its ZIP');
      return true;
    } catch (err) {
      if (err instanceof PackRefusal) {
        await finish(job.id, err.message);
        logger.info({ product: job.productId, reason: err.message }, 'pack ZIP refused');
        return true;
      }
      if (err instanceof ExtractionSuperseded) {
        await finish(job.id, 'A newer upload replaced this file.');
        return true;
      }
      if (job.attempts >= settings.maxAttempts) {
        await finish(job.id, packExtractionMessages.retryFailed);
        logger.error({ err, product: job.productId }, 'pack ZIP not read; given up');
        return true;
      }
      const retryInMs = retryDelayMs(job.attempts, settings);
      await db
        .update(packExtractions)
        .set({ status: 'queued', itemsDone: 0, nextAttemptAt: fromNow(retryInMs) })
        .where(eq(packExtractions.id, job.id));
      logger.warn({ err, product: job.productId, retryInMs }, 'pack ZIP not read; will retry');
      return false;
    }
  }

  async function drain(stopped: () => boolean): Promise<number> {
    let finished = 0;
    while (!stopped()) {
      const job = await claimDueJob(db, settings.leaseMs);
      if (!job) break;
      if (await run(job)) finished++;
    }
    return finished;
  }

  const worker = pollingWorker({
    pollMs: settings.pollMs,
    logger,
    failure: 'pack extractions not read',
    drain,
  });
  return worker;
}
