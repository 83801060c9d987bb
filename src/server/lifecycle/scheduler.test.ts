import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { scheduledJobs } from '#server/db/schema';
import { createLogger } from '#server/logger';
import { createTestDatabase, openSameDatabase } from '#tests/support/test-database';
import { createScheduler, type ScheduledJob } from './scheduler';

const logger = createLogger('silent');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: Database;
/** The same database as a second server process opens it. */
let second: Database;
beforeEach(async () => {
  database = await createTestDatabase();
  second = await openSameDatabase(database);
});
afterEach(async () => {
  await second.close();
  await database.close();
});

/** A job that counts its runs and how many of them overlapped. */
function countingJob(everyMs: number, runMs = 0) {
  const stats = { runs: 0, running: 0, mostAtOnce: 0 };
  const job: ScheduledJob = {
    name: 'count',
    everyMs,
    run: async () => {
      stats.runs++;
      stats.running++;
      stats.mostAtOnce = Math.max(stats.mostAtOnce, stats.running);
      await sleep(runMs);
      stats.running--;
    },
  };
  return { job, stats };
}

describe('the scheduler', () => {
  it('runs a job once an interval, however many processes tick at once', async () => {
    const { job, stats } = countingJob(60_000, 50);
    const one = createScheduler(database.db, [job], logger);
    const two = createScheduler(second.db, [job], logger);
    for (let round = 0; round < 3; round++) {
      await Promise.all([one.tick(job), two.tick(job), one.tick(job), two.tick(job)]);
    }
    expect(stats.runs).toBe(1);
    const [record] = await database.db.select().from(scheduledJobs);
    expect(record).toMatchObject({ name: 'count' });
    expect(record!.lastFinishedAt!.getTime()).toBeGreaterThanOrEqual(
      record!.lastStartedAt.getTime(),
    );
  });

  it('never runs a job on two processes at the same time', async () => {
    // Due at every tick: only the lock keeps the two processes apart.
    const { job, stats } = countingJob(1, 200);
    const one = createScheduler(database.db, [job], logger);
    const two = createScheduler(second.db, [job], logger);
    const outcomes = await Promise.all([one.tick(job), two.tick(job)]);
    expect(stats.mostAtOnce).toBe(1);
    if (database.driver === 'postgres') expect(outcomes.sort()).toEqual(['ran', 'skipped']);
  });

  it('tries a failed run again at the next tick', async () => {
    let attempts = 0;
    const job: ScheduledJob = {
      name: 'flaky',
      everyMs: 60_000,
      run: async () => {
        attempts++;
        if (attempts === 1) throw new Error('the first run fails');
      },
    };
    const scheduler = createScheduler(database.db, [job], logger);
    await expect(scheduler.tick(job)).rejects.toThrow('the first run fails');
    expect(await scheduler.tick(job)).toBe('ran');
    expect(await scheduler.tick(job)).toBe('skipped');
    expect(attempts).toBe(2);
  });

  it('runs its jobs when started, and stops after the run in progress', async () => {
    const { job, stats } = countingJob(60_000, 100);
    const work = createScheduler(database.db, [job], logger).start();
    for (let waited = 0; stats.running === 0 && waited < 5000; waited += 5) await sleep(5);
    expect(stats.running).toBe(1);
    await work.stop();
    expect(stats).toMatchObject({ runs: 1, running: 0 });
  });
});
