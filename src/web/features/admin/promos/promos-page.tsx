import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { adminPromosQueryOptions } from '../api/promos';
import { PromoRow } from './promo-row';

/** /admin/promo-codes: every code, newest first, with its status and what its paid orders brought. */
export function PromosPage() {
  const list = useQuery(adminPromosQueryOptions());
  const promos = list.data ?? [];
  return (
    <>
      <AdminPageHeader title="Promo codes">
        Uses, revenue and discount count paid orders; revenue is net of partial refunds, and a
        wholly refunded order is not counted.
      </AdminPageHeader>
      <Link to="/admin/promo-codes/new" className={buttonClasses('primary', 'md')}>
        <Plus aria-hidden="true" className="size-4" />
        New promo code
      </Link>
      <section aria-labelledby="promo-list-heading" className="mt-8">
        <h2 id="promo-list-heading" className="mb-4 text-lg font-semibold text-white">
          {list.isSuccess ? `All promo codes (${promos.length})` : 'All promo codes'}
        </h2>
        {list.isPending ? (
          <div role="status" aria-label="Loading promo codes" className="space-y-3">
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} className="h-36 rounded-xl" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorAlert title="The promo codes could not be loaded.">
            <RetryButton onRetry={() => void list.refetch()} className="mt-2" />
          </ErrorAlert>
        ) : promos.length === 0 ? (
          <EmptyState title="No promo codes yet.">Create the first one above.</EmptyState>
        ) : (
          <ul className="space-y-3">
            {promos.map((promo) => (
              <PromoRow key={promo.code} promo={promo} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
