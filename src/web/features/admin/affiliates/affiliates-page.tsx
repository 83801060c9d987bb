import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import {
  affiliateSettingsQueryOptions,
  affiliatesExportHref,
  affiliatesQueryOptions,
} from '../api/affiliates';
import { AffiliateTable } from './affiliate-table';
import { InviteAffiliateForm } from './invite-affiliate-form';
import { ReferralDaysForm } from './referral-days-form';

/** /admin/affiliates: the store's affiliates, what each earned and is owed, and their payouts. */
export function AffiliatesPage() {
  const list = useQuery(affiliatesQueryOptions());
  const settings = useQuery(affiliateSettingsQueryOptions());

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-x-4">
        <AdminPageHeader title="Affiliates">
          Accounts you invite share a link to your store. An order bought after following it earns
          them their percent of each line, reversed if the line is refunded. Mark what they are owed
          paid once you have paid it.
        </AdminPageHeader>
        <a
          href={affiliatesExportHref}
          download
          className={buttonClasses('secondary', 'md', 'mb-8')}
        >
          <Download aria-hidden="true" className="size-4" />
          Export affiliates (CSV)
        </a>
      </div>
      <div className="space-y-8">
        <div className="grid gap-6 lg:grid-cols-2">
          <div className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-5">
            <InviteAffiliateForm />
          </div>
          <div className="rounded-xl border border-zinc-800 bg-zinc-900/60 p-5">
            {settings.data ? (
              <ReferralDaysForm settings={settings.data} />
            ) : settings.isError ? (
              <ErrorAlert title="The referral settings could not be loaded.">
                <RetryButton onRetry={() => void settings.refetch()} className="mt-2" />
              </ErrorAlert>
            ) : (
              <div role="status" aria-label="Loading the referral settings">
                <Skeleton className="h-32 rounded-lg" />
              </div>
            )}
          </div>
        </div>
        <section aria-labelledby="affiliates-heading" className="min-w-0">
          <h2 id="affiliates-heading" className="sr-only">
            Every affiliate
          </h2>
          {list.isPending ? (
            <div role="status" aria-label="Loading the affiliates">
              <Skeleton className="h-48 rounded-xl" />
            </div>
          ) : list.isError ? (
            <ErrorAlert title="The affiliates could not be loaded.">
              <RetryButton onRetry={() => void list.refetch()} className="mt-2" />
            </ErrorAlert>
          ) : list.data.affiliates.length === 0 ? (
            <EmptyState title="No affiliates yet">
              Add an account by its e-mail to give it a referral link.
            </EmptyState>
          ) : (
            <AffiliateTable affiliates={list.data.affiliates} />
          )}
        </section>
      </div>
    </>
  );
}
