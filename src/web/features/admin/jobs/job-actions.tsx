import type { AdminJob } from '#shared/admin-jobs';
import { Button } from '#web/components/ui/button';
import { adminJobsApi } from '../api/jobs';
import { ConfirmWriteDialog } from '../forms/confirm-write-dialog';

/**
 * What the owner may do with a job: retry a failed one now, and discard a waiting or failed one
 * where its queue allows (never a running one: its attempt is under way).
 */
export function JobActions({ job, discardable }: { job: AdminJob; discardable: boolean }) {
  return (
    <div className="flex justify-end gap-1">
      {job.state === 'failed' && (
        <ConfirmWriteDialog
          trigger={
            <Button variant="ghost" size="sm" aria-label={`Retry ${job.title}`}>
              Retry
            </Button>
          }
          title="Retry this job now?"
          confirm="Retry"
          pending="Retrying..."
          danger={false}
          run={() => adminJobsApi.retry(job.queue, job.id)}
          done="Job queued again"
        >
          {job.title} is tried again at the next turn of a worker, with its attempts counted afresh.
        </ConfirmWriteDialog>
      )}
      {discardable && job.state !== 'running' && (
        <ConfirmWriteDialog
          trigger={
            <Button
              variant="ghost"
              size="sm"
              className="text-red-300 hover:text-red-200"
              aria-label={`Discard ${job.title}`}
            >
              Discard
            </Button>
          }
          title="Discard this job?"
          confirm="Discard"
          pending="Discarding..."
          run={() => adminJobsApi.discard(job.queue, job.id)}
          done="Job discarded"
        >
          {job.title} will never run, and leaves this list. This cannot be undone.
        </ConfirmWriteDialog>
      )}
    </div>
  );
}
