import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { audienceLabel, type AdminCampaign } from '#shared/campaigns';
import { ApiError } from '#web/api/http';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { adminCampaignQueryOptions } from '../api/campaigns';
import { CampaignForm } from './campaign-form';
import { CampaignCounts, CampaignStatus } from './campaign-status';

const backLink = (
  <Link
    to="/admin/campaigns"
    className="mb-4 inline-flex items-center gap-1.5 text-sm text-brand-300 underline-offset-4 hover:underline"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    All campaigns
  </Link>
);

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** A campaign on its way or sent: who it went to and where its recipients are, updating. */
function SentCampaign({ campaign }: { campaign: AdminCampaign }) {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3 text-sm text-zinc-300">
        <CampaignStatus status={campaign.status} />
        <span>{audienceLabel(campaign.audience)}</span>
        <span>Sent {when(campaign.queuedAt)}</span>
        {campaign.finishedAt && <span>Finished {when(campaign.finishedAt)}</span>}
      </div>
      <section aria-labelledby="campaign-counts-heading" className="space-y-3">
        <h2 id="campaign-counts-heading" className="text-lg font-semibold text-white">
          {campaign.counts.recipients}{' '}
          {campaign.counts.recipients === 1 ? 'recipient' : 'recipients'}
        </h2>
        <CampaignCounts counts={campaign.counts} />
      </section>
      {campaign.audience.products.length > 0 && (
        <section aria-labelledby="campaign-products-heading" className="space-y-2">
          <h2 id="campaign-products-heading" className="text-lg font-semibold text-white">
            Owners of
          </h2>
          <ul className="list-inside list-disc text-sm text-zinc-300">
            {campaign.audience.products.map((p) => (
              <li key={p.id}>{p.name}</li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="campaign-message-heading" className="space-y-2">
        <h2 id="campaign-message-heading" className="text-lg font-semibold text-white">
          Message
        </h2>
        <pre className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-4 text-sm whitespace-pre-wrap text-zinc-200">
          {campaign.bodyMarkdown}
        </pre>
      </section>
    </div>
  );
}

/** /admin/campaigns/new and /admin/campaigns/:id: the composer for a draft, the figures after. */
export function CampaignEditorPage() {
  // One route for both (`campaigns/:id`, "new" for a new one): saving a new draft moves to its
  // address without remounting the composer, whose dialog may be opening.
  const params = useParams();
  const id = params.id === 'new' ? undefined : params.id;
  const campaign = useQuery({ ...adminCampaignQueryOptions(id ?? ''), enabled: Boolean(id) });

  return (
    <>
      {backLink}
      <AdminPageHeader title={id ? (campaign.data?.subject ?? 'Campaign') : 'New campaign'}>
        {campaign.data && campaign.data.status !== 'draft'
          ? 'The counts update while the campaign is being sent.'
          : 'Write in Markdown, preview it, send yourself a test, then send it.'}
      </AdminPageHeader>
      {id && campaign.isPending ? (
        <div role="status" aria-label="Loading the campaign">
          <Skeleton className="h-64 rounded-xl" />
        </div>
      ) : id && campaign.error instanceof ApiError && campaign.error.status === 404 ? (
        <EmptyState title="Campaign not found">
          <Link to="/admin/campaigns" className="text-brand-300 underline-offset-4 hover:underline">
            Back to the campaigns
          </Link>
        </EmptyState>
      ) : id && campaign.isError ? (
        <ErrorAlert title="The campaign could not be loaded.">
          <RetryButton onRetry={() => void campaign.refetch()} className="mt-2" />
        </ErrorAlert>
      ) : campaign.data && campaign.data.status !== 'draft' ? (
        <SentCampaign campaign={campaign.data} />
      ) : (
        <CampaignForm campaign={campaign.data} />
      )}
    </>
  );
}
