import { sql } from 'drizzle-orm';
import { jobQueueNames } from '#shared/admin-jobs';
import { queryRows, type Db } from '../db/client';
import { summarise } from '../jobs/job-queue';
import { jobQueues } from '../jobs/job-queues';

export interface JobQueueState {
  queue: (typeof jobQueueNames)[number] | 'campaign-recipients';
  /** Jobs waiting or running. */
  depth: number;
  /**
   * Jobs given up on and not discarded (mail after its last attempt, a pack that cannot be
   * read), or, for invoice PDFs, which are never given up on, those whose last attempt failed.
   */
  failed: number;
  /** How long the oldest waiting job has waited; 0 when none waits. */
  oldestSeconds: number;
}

/**
 * Each background queue's depth, failures and oldest job, read as the admin's jobs page reads
 * them (jobs/job-queues.ts), each count through its queue's partial index; and the campaign
 * recipients still to be handed to the mail outbox. Cheap enough for every scrape.
 */
export async function readJobQueues(db: Db): Promise<JobQueueState[]> {
  const [summaries, [campaigns]] = await Promise.all([
    Promise.all(jobQueueNames.map((name) => summarise(db, jobQueues[name]))),
    queryRows<{ depth: number; oldest: number | null }>(
      db,
      sql`select (select count(*) from campaign_recipients where status = 'queued')::int as depth,
            (select floor(extract(epoch from now() - min(created_at)))
               from campaign_recipients where status = 'queued')::int as oldest`,
    ),
  ]);
  return [
    ...summaries.map((summary) => ({
      queue: summary.queue,
      depth: summary.queued + summary.running,
      failed: summary.failed,
      oldestSeconds: Math.max(0, summary.oldestQueuedSeconds ?? 0),
    })),
    {
      queue: 'campaign-recipients' as const,
      depth: campaigns?.depth ?? 0,
      failed: 0,
      oldestSeconds: Math.max(0, campaigns?.oldest ?? 0),
    },
  ];
}
