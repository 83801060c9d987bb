import type { AdminJob } from '#shared/admin-jobs';
import { AdminTable, type AdminColumn } from '../admin-table';
import { JobActions } from './job-actions';

const dateTime = (iso: string) => (
  <time dateTime={iso}>{`${iso.slice(0, 10)} ${iso.slice(11, 16)}`}</time>
);

/** A page of one queue's jobs; the table scrolls sideways in its own region on a phone. */
export function JobTable({ jobs, discardable }: { jobs: AdminJob[]; discardable: boolean }) {
  const columns: AdminColumn<AdminJob>[] = [
    {
      header: 'Job',
      cellClassName: 'font-medium [overflow-wrap:anywhere] text-white',
      cell: (job) => job.title,
    },
    { header: 'Attempts', align: 'right', cellClassName: 'text-zinc-300', cell: (j) => j.attempts },
    {
      header: 'Last error',
      cellClassName: 'max-w-xs [overflow-wrap:anywhere] text-zinc-300',
      cell: (job) => job.lastError ?? <span className="text-zinc-500">None</span>,
    },
    {
      header: 'Queued (UTC)',
      cellClassName: 'whitespace-nowrap text-zinc-400',
      cell: (job) => dateTime(job.createdAt),
    },
    {
      header: 'Next try (UTC)',
      cellClassName: 'whitespace-nowrap text-zinc-400',
      cell: (job) => (job.nextAttemptAt ? dateTime(job.nextAttemptAt) : '—'),
    },
    {
      header: 'Actions',
      srOnlyHeader: true,
      cellClassName: 'text-right',
      cell: (job) => <JobActions job={job} discardable={discardable} />,
    },
  ];
  return (
    <AdminTable
      label="Jobs"
      widthClassName="min-w-[48rem]"
      columns={columns}
      rows={jobs}
      rowKey={(job) => job.id}
      cellAlign="top"
    />
  );
}
