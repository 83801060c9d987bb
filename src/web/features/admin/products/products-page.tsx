import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Download, Plus } from 'lucide-react';
import { EmptyState, ErrorAlert } from '#web/components/ui/alert';
import { buttonClasses } from '#web/components/ui/button';
import { RetryButton } from '#web/components/ui/retry-button';
import { Skeleton } from '#web/components/ui/skeleton';
import { AdminPageHeader } from '../admin-page-header';
import { AdminPager } from '../admin-pager';
import { adminProductPageQueryOptions } from '../api/products';
import { productsExportHref } from '../api/settings';
import { BulkActions } from './bulk-actions';
import { PRODUCT_LIST_KEYS, ProductFilters } from './product-filters';
import { ProductTable } from './product-table';
import { useListParams } from '../use-list-params';

/** /admin/products: every product of the store, searched, filtered, sorted, paged. */
export function ProductsPage() {
  const { params, set, pageHref } = useListParams(PRODUCT_LIST_KEYS);
  const list = useQuery(adminProductPageQueryOptions(params));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const page = list.data;
  const filtered = Boolean(params.q || params.category || params.status || params.onSale);

  const change: typeof set = (changes) => {
    setSelected(new Set());
    set(changes);
  };
  const select = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <AdminPageHeader title="Products">
          Every product of the store, whatever its status. Open one to edit it.
        </AdminPageHeader>
        <div className="flex flex-wrap gap-2">
          <a href={productsExportHref} download className={buttonClasses('secondary', 'md')}>
            <Download aria-hidden="true" className="size-4" />
            Export products (CSV)
          </a>
          <Link to="/admin/products/new" className={buttonClasses('primary', 'md')}>
            <Plus aria-hidden="true" className="size-4" />
            New product
          </Link>
        </div>
      </div>
      <ProductFilters key={params.q ?? ''} params={params} onChange={change} />

      <section aria-labelledby="product-list-heading" className="mt-8 space-y-3">
        <h2 id="product-list-heading" className="text-lg font-semibold text-white">
          {page ? `${page.total} ${page.total === 1 ? 'product' : 'products'}` : 'Products'}
        </h2>
        <BulkActions ids={[...selected]} onDone={() => setSelected(new Set())} />
        {list.isPending ? (
          <div role="status" aria-label="Loading products" className="space-y-2">
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} className="h-14 rounded-lg" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorAlert title="The products could not be loaded.">
            <RetryButton onRetry={() => void list.refetch()} className="mt-2" />
          </ErrorAlert>
        ) : page!.data.length === 0 ? (
          <EmptyState title={filtered ? 'No products match.' : 'No products yet.'}>
            {filtered ? 'Try other words or filters.' : 'Create the first one with New product.'}
          </EmptyState>
        ) : (
          <div aria-busy={list.isPlaceholderData}>
            <ProductTable
              products={page!.data}
              selected={selected}
              onSelect={select}
              onSelectAll={(on) =>
                setSelected(on ? new Set(page!.data.map((p) => p.id)) : new Set())
              }
            />
          </div>
        )}
        {page && <AdminPager {...page} pageHref={pageHref} />}
      </section>
    </>
  );
}
