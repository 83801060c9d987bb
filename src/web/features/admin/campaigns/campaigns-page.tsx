import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { audienceLabel, type AdminCampaign } from '#shared/campaigns';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { AdminTable, type AdminColumn } from '../admin-table';
import { adminCampaignsQueryOptions } from '../api/campaigns';
import { CampaignStatus } from './campaign-status';

const figure = (value: number) => <span className="tabular-nums">{value}</span>;

const columns: AdminColumn<AdminCampaign>[] = [
  {
    header: 'Subject',
    cell: (campaign) => (
      <Link
        to={`/admin/campaigns/${campaign.id}`}
        className="font-medium text-white underline-offset-4 hover:underline"
      >
        {campaign.subject}
      </Link>
    ),
  },
  { header: 'Audience', cell: (c) => audienceLabel(c.audience), cellClassName: 'text-zinc-300' },
  { header: 'Status', cell: (c) => <CampaignStatus status={c.status} /> },
  { header: 'Queued', cell: (c) => figure(c.counts.queued), align: 'right' },
  { header: 'Sent', cell: (c) => figure(c.counts.sent), align: 'right' },
  { header: 'Failed', cell: (c) => figure(c.counts.failed), align: 'right' },
  { header: 'Unsubscribed', cell: (c) => figure(c.counts.unsubscribed), align: 'right' },
];

/** /admin/campaigns: every campaign, its audience and where its recipients are. */
export function CampaignsPage() {
  const list = useQuery(adminCampaignsQueryOptions());
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <AdminPageHeader title="Campaigns">
          Mail to your newsletter’s confirmed subscribers and the owners of your products. Every
          message carries a one-click unsubscribe.
        </AdminPageHeader>
        <Link to="/admin/campaigns/new" className={buttonClasses('primary', 'md', 'mb-8')}>
          <Plus aria-hidden="true" className="size-4" />
          New campaign
        </Link>
      </div>
      {list.isPending ? (
        <div role="status" aria-label="Loading campaigns" className="space-y-2">
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-12 rounded-lg" />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorAlert title="The campaigns could not be loaded.">
          <RetryButton onRetry={() => void list.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No campaigns yet.">
          Write one to tell your subscribers and buyers what is new.
        </EmptyState>
      ) : (
        <AdminTable
          label="Campaigns"
          columns={columns}
          rows={list.data.data}
          rowKey={(c) => c.id}
          widthClassName="min-w-[52rem]"
        />
      )}
    </>
  );
}
