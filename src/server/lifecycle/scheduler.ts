import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import type { Logger } from '../logger';
import type { BackgroundWork } from './background';
import { runExclusive } from './run-exclusive';

export interface ScheduledJob {
  name: string;
  /** How often the job runs, across every server process on the database. */
  everyMs: number;
  /** Runs in one transaction, holding the job's lock: it must use the handle it is given. */
  run(db: Db): Promise<void>;
}

/**
 * A job that started less than this share of its interval ago is not started again: every
 * process ticks on its own clock, and the first tick of an interval runs the job for all.
 */
const RERUN_SHARE = 0.9;

/** Takes this interval's run of `job`, unless a process already ran it. */
async function claimRun(db: Db, job: ScheduledJob): Promise<boolean> {
  const interval = sql`make_interval(secs => ${(job.everyMs * RERUN_SHARE) / 1000})`;
  const claimed = await queryRows<{ name: string }>(
    db,
    sql`insert into scheduled_jobs as j (name, last_started_at) values (${job.name}, now())
        on conflict (name) do update set last_started_at = now()
        where j.last_started_at <= now() - ${interval}
        returning j.name`,
  );
  return claimed.length > 0;
}

/**
 * Runs each job every interval on one process at a time: a process runs a job only while it
 * holds the job's lock (so never two at once), and only if no process ran it this interval (so
 * several servers do not each run it). A run that fails is forgotten with its transaction, and
 * tried again at the next tick. Ticks are what the timers call; tests call them directly.
 */
export function createScheduler(db: Db, jobs: readonly ScheduledJob[], logger: Logger) {
  async function tick(job: ScheduledJob): Promise<'ran' | 'skipped'> {
    const outcome = await runExclusive(db, `job:${job.name}`, async (tx) => {
      if (!(await claimRun(tx, job))) return false;
      await job.run(tx);
      await tx.execute(
        sql`update scheduled_jobs set last_finished_at = clock_timestamp() where name = ${job.name}`,
      );
      return true;
    });
    return outcome.ran && outcome.value ? 'ran' : 'skipped';
  }

  /** Ticks every job now and then every interval, until stopped; a failed run is logged. */
  function start(): BackgroundWork {
    const timers = new Map<string, NodeJS.Timeout>();
    const running = new Set<Promise<unknown>>();
    let stopped = false;
    const schedule = (job: ScheduledJob, delayMs: number) => {
      timers.set(
        job.name,
        setTimeout(() => {
          const run = tick(job)
            .catch((err: unknown) => logger.warn({ err, job: job.name }, 'scheduled job failed'))
            .finally(() => {
              running.delete(run);
              if (!stopped) schedule(job, job.everyMs);
            });
          running.add(run);
        }, delayMs),
      );
    };
    for (const job of jobs) schedule(job, 0);
    return {
      name: 'scheduler',
      async stop() {
        stopped = true;
        for (const timer of timers.values()) clearTimeout(timer);
        await Promise.all(running);
      },
    };
  }

  return { tick, start };
}
