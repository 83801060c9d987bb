import { useQuery } from '@tanstack/react-query';
import {
  jobQueueLabels,
  jobQueueNames,
  jobStates,
  type JobQueueName,
  type JobState,
} from '#shared/admin-jobs';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { inputClasses } from '#web/components/ui/text-field';
import { AdminPageHeader } from '../admin-page-header';
import { AdminPager } from '../admin-pager';
import { jobPageQueryOptions, jobSummaryQueryOptions } from '../api/jobs';
import { useListParams } from '../use-list-params';
import { JobTable } from './job-table';
import { QueueSummaries } from './queue-summaries';

const KEYS = ['queue', 'state', 'page'] as const;

const stateLabels: Record<JobState, string> = {
  failed: 'Failed',
  queued: 'Waiting',
  running: 'Running',
};

const emptyTitles: Record<JobState, string> = {
  failed: 'No failed jobs.',
  queued: 'Nothing waiting.',
  running: 'Nothing running right now.',
};

const isQueue = (value: string | undefined): value is JobQueueName =>
  (jobQueueNames as readonly string[]).includes(value ?? '');
const isState = (value: string | undefined): value is JobState =>
  (jobStates as readonly string[]).includes(value ?? '');

/** /admin/jobs: the background queues, their failed, waiting and running jobs, retry and discard. */
export function JobsPage() {
  const { params, set, pageHref } = useListParams(KEYS);
  const queue: JobQueueName = isQueue(params.queue) ? params.queue : 'mail';
  const state: JobState = isState(params.state) ? params.state : 'failed';
  const summaries = useQuery(jobSummaryQueryOptions());
  const list = useQuery(jobPageQueryOptions({ queue, state, page: params.page }));
  const summary = summaries.data?.data.find((row) => row.queue === queue);
  const page = list.data;

  return (
    <>
      <AdminPageHeader title="Jobs">
        E-mail, invoice PDFs, pack contents and webhooks are handled in the background. A failed
        attempt is retried with a growing wait; a job given up on waits here for you.
      </AdminPageHeader>

      <section aria-labelledby="queues-heading" className="space-y-3">
        <h2 id="queues-heading" className="sr-only">
          Queues
        </h2>
        {summaries.isPending ? (
          <div
            role="status"
            aria-label="Loading queues"
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
          >
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-24 rounded-xl" />
            ))}
          </div>
        ) : summaries.isError ? (
          <ErrorAlert title="The queues could not be loaded.">
            <RetryButton onRetry={() => void summaries.refetch()} className="mt-2" />
          </ErrorAlert>
        ) : (
          <QueueSummaries
            summaries={summaries.data.data}
            chosen={queue}
            onChoose={(next) => set({ queue: next })}
          />
        )}
      </section>

      <section aria-labelledby="job-list-heading" className="mt-8 space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="job-list-heading" className="text-lg font-semibold text-white">
            {jobQueueLabels[queue]}: {stateLabels[state].toLowerCase()}
            {page ? ` (${page.total})` : ''}
          </h2>
          <label className="block text-sm font-medium text-zinc-200 sm:w-48">
            Show
            <select
              value={state}
              onChange={(event) => set({ state: event.target.value })}
              className={`${inputClasses} mt-1.5`}
            >
              {jobStates.map((option) => (
                <option key={option} value={option}>
                  {stateLabels[option]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {list.isPending ? (
          <div role="status" aria-label="Loading jobs" className="space-y-2">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-12 rounded-lg" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorAlert title="The jobs could not be loaded.">
            <RetryButton onRetry={() => void list.refetch()} className="mt-2" />
          </ErrorAlert>
        ) : page!.data.length === 0 ? (
          <EmptyState title={emptyTitles[state]}>
            {state === 'failed'
              ? 'Every job of this queue ran, or is still being tried.'
              : 'Jobs appear here as the store queues them.'}
          </EmptyState>
        ) : (
          <div aria-busy={list.isPlaceholderData}>
            <JobTable jobs={page!.data} discardable={summary?.discardable ?? false} />
          </div>
        )}
        {page && <AdminPager {...page} pageHref={pageHref} />}
      </section>
    </>
  );
}
