import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ApiError } from '#web/api/http';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { adminCategoriesQueryOptions } from '../api/categories';
import { adminPromoQueryOptions, promoScopeProductsQueryOptions } from '../api/promos';
import { PromoForm } from './promo-form';

const backLink = (
  <Link
    to="/admin/promo-codes"
    className="mb-4 inline-flex items-center gap-1.5 text-sm text-brand-300 underline-offset-4 hover:underline"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    All promo codes
  </Link>
);

/** /admin/promo-codes/new and /admin/promo-codes/:code: one form for a new code and an old one. */
export function PromoEditorPage() {
  const { code } = useParams();
  const promo = useQuery({ ...adminPromoQueryOptions(code ?? ''), enabled: Boolean(code) });
  const products = useQuery(promoScopeProductsQueryOptions());
  const categories = useQuery(adminCategoriesQueryOptions());
  const loading = (code && promo.isPending) || products.isPending || categories.isPending;
  const failed = (code && promo.isError) || products.isError || categories.isError;

  return (
    <>
      {backLink}
      <AdminPageHeader title={code ? `Promo code ${code.toUpperCase()}` : 'New promo code'}>
        {code
          ? 'New terms apply to the next order; orders already placed keep their discount.'
          : 'Shoppers enter the code in the cart or at checkout.'}
      </AdminPageHeader>
      {loading ? (
        <div role="status" aria-label="Loading the promo code" className="space-y-4">
          <Skeleton className="h-64 rounded-xl" />
        </div>
      ) : code && promo.error instanceof ApiError && promo.error.status === 404 ? (
        <EmptyState title="Promo code not found">
          <Link
            to="/admin/promo-codes"
            className="text-brand-300 underline-offset-4 hover:underline"
          >
            Back to the promo codes
          </Link>
        </EmptyState>
      ) : failed ? (
        <ErrorAlert title="The promo code could not be loaded.">
          <RetryButton
            onRetry={() =>
              void Promise.all([promo.refetch(), products.refetch(), categories.refetch()])
            }
            className="mt-2"
          />
        </ErrorAlert>
      ) : (
        <PromoForm
          key={code ?? 'new'}
          promo={code ? promo.data : undefined}
          products={(products.data?.data ?? []).map((p) => ({ id: p.id, label: p.name }))}
          categories={categories.data ?? []}
        />
      )}
    </>
  );
}
