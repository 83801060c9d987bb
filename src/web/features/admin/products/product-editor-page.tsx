import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { ApiError } from '#web/api/http';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { adminCategoriesQueryOptions } from '../api/categories';
import { adminBundleQueryOptions, adminProductQueryOptions } from '../api/products';
import { BundlePanel } from './bundle-panel';
import { ProductForm } from './product-form';
import { PackContentsEditor } from './pack-contents-editor';
import { ProductHistory } from './product-history';
import { VersionsPanel } from './versions-panel';

const backLink = (
  <Link
    to="/admin/products"
    className="mb-4 inline-flex items-center gap-1.5 text-sm text-brand-300 underline-offset-4 hover:underline"
  >
    <ArrowLeft aria-hidden="true" className="size-4" />
    All products
  </Link>
);

/** /admin/products/new and /admin/products/:id: one editor for a new product and an old one. */
export function ProductEditorPage() {
  const { id } = useParams();
  const product = useQuery({ ...adminProductQueryOptions(id ?? ''), enabled: Boolean(id) });
  const categories = useQuery(adminCategoriesQueryOptions());
  // The panel's query, shared: the form's file field words itself for a bundle.
  const bundle = useQuery({ ...adminBundleQueryOptions(id ?? ''), enabled: Boolean(id) });
  const isBundle = (bundle.data?.members.length ?? 0) > 0;
  const loading = (id && product.isPending) || categories.isPending;
  const failed = (id && product.isError) || categories.isError;

  const title = !id ? 'New product' : (product.data?.name ?? 'Edit product');
  return (
    <>
      {backLink}
      <AdminPageHeader title={title}>
        {id
          ? 'Changes show in the store as soon as they are saved.'
          : 'A draft stays out of the store until its status is active.'}
      </AdminPageHeader>
      {loading ? (
        <div role="status" aria-label="Loading the product" className="space-y-4">
          <Skeleton className="h-48 rounded-xl" />
          <Skeleton className="h-32 rounded-xl" />
        </div>
      ) : id && product.error instanceof ApiError && product.error.status === 404 ? (
        <EmptyState title="Product not found">
          <Link to="/admin/products" className="text-brand-300 underline-offset-4 hover:underline">
            Back to the products
          </Link>
        </EmptyState>
      ) : failed ? (
        <ErrorAlert title="The product could not be loaded.">
          <RetryButton
            onRetry={() => void Promise.all([product.refetch(), categories.refetch()])}
            className="mt-2"
          />
        </ErrorAlert>
      ) : (
        <>
          <ProductForm
            key={id ?? 'new'}
            product={id ? product.data : undefined}
            categories={categories.data ?? []}
            isBundle={isBundle}
          />
          {id && product.data && (
            <BundlePanel productId={id} priceCents={product.data.priceCents} />
          )}
          {id && <VersionsPanel productId={id} />}
          {id && <PackContentsEditor productId={id} />}
          {id && <ProductHistory id={id} categories={categories.data ?? []} />}
        </>
      )}
    </>
  );
}
