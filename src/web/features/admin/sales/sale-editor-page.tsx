import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ApiError } from '#web/api/http';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { adminCategoriesQueryOptions } from '../api/categories';
import { promoScopeProductsQueryOptions } from '../api/promos';
import { adminSaleQueryOptions } from '../api/sales';
import { SaleForm } from './sale-form';

const backLink = (
  <Link
    to="/admin/sales"
    className="mb-4 inline-flex items-center gap-1.5 text-sm text-brand-300 underline-offset-4 hover:underline"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    All sales
  </Link>
);

/** /admin/sales/new and /admin/sales/:id: one form for a new sale and an old one. */
export function SaleEditorPage() {
  const { id } = useParams();
  const sale = useQuery({ ...adminSaleQueryOptions(id ?? ''), enabled: Boolean(id) });
  const products = useQuery(promoScopeProductsQueryOptions());
  const categories = useQuery(adminCategoriesQueryOptions());
  const loading = (id && sale.isPending) || products.isPending || categories.isPending;
  const failed = (id && sale.isError) || products.isError || categories.isError;

  return (
    <>
      {backLink}
      <AdminPageHeader title={id ? (sale.data ? `Sale ${sale.data.name}` : 'Sale') : 'New sale'}>
        {id
          ? 'New terms show in the store at once; orders already placed keep their prices.'
          : 'A percent off a product or a category for a while, shown as on sale.'}
      </AdminPageHeader>
      {loading ? (
        <div role="status" aria-label="Loading the sale" className="space-y-4">
          <Skeleton className="h-64 rounded-xl" />
        </div>
      ) : id && sale.error instanceof ApiError && sale.error.status === 404 ? (
        <EmptyState title="Sale not found">
          <Link to="/admin/sales" className="text-brand-300 underline-offset-4 hover:underline">
            Back to the sales
          </Link>
        </EmptyState>
      ) : failed ? (
        <ErrorAlert title="The sale could not be loaded.">
          <RetryButton
            onRetry={() =>
              void Promise.all([sale.refetch(), products.refetch(), categories.refetch()])
            }
            className="mt-2"
          />
        </ErrorAlert>
      ) : (
        <SaleForm
          key={id ?? 'new'}
          sale={id ? sale.data : undefined}
          products={(products.data?.data ?? []).map((p) => ({ id: p.id, label: p.name }))}
          categories={categories.data ?? []}
        />
      )}
    </>
  );
}
