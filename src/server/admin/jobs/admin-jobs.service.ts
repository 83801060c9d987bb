import {
  ADMIN_JOB_PAGE_SIZE,
  adminJobMessages,
  jobQueueNames,
  type AdminJobPage,
  type AdminJobQuery,
  type JobQueueName,
  type JobQueueSummary,
} from '#shared/admin-jobs';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../http/app-error';
import { discardJob, listJobs, retryJob, summarise } from '../../jobs/job-queue';
import { jobQueues } from '../../jobs/job-queues';
import { recordAudit } from '../audit';

/** Every queue's counts, in the admin's order. */
export function summariseQueues(db: Db): Promise<JobQueueSummary[]> {
  return Promise.all(jobQueueNames.map((name) => summarise(db, jobQueues[name])));
}

export async function listQueueJobs(db: Db, query: AdminJobQuery): Promise<AdminJobPage> {
  const page = await listJobs(db, jobQueues[query.queue], query.state, {
    limit: ADMIN_JOB_PAGE_SIZE,
    offset: (query.page - 1) * ADMIN_JOB_PAGE_SIZE,
  });
  return { ...page, page: query.page, pageSize: ADMIN_JOB_PAGE_SIZE };
}

/** The job's change and its audit entry commit together. */
async function act(
  db: Db,
  actorId: string,
  action: 'retry' | 'discard',
  queue: JobQueueName,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const outcome =
      action === 'retry'
        ? await retryJob(tx, jobQueues[queue], id)
        : await discardJob(tx, jobQueues[queue], id);
    if (outcome === 'not-found') throw notFound(adminJobMessages.notFound);
    if (outcome === 'not-failed') throw new AppError('CONFLICT', adminJobMessages.notFailed);
    if (outcome === 'not-discardable') {
      throw new AppError('CONFLICT', adminJobMessages.notDiscardable);
    }
    await recordAudit(tx, {
      actorId,
      action,
      entityType: `job:${queue}`,
      entityId: id,
      changes: action === 'retry' ? { state: ['failed', 'queued'] } : { discarded: [false, true] },
    });
  });
}

export const retryQueueJob = (db: Db, actorId: string, queue: JobQueueName, id: string) =>
  act(db, actorId, 'retry', queue, id);

export const discardQueueJob = (db: Db, actorId: string, queue: JobQueueName, id: string) =>
  act(db, actorId, 'discard', queue, id);
