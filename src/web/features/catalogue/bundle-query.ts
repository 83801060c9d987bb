import { queryOptions } from '@tanstack/react-query';
import type { ProductBundle } from '#shared/product-bundle';
import { catalogueKeys } from '#web/api/catalogue';
import { apiFetch } from '#web/api/http';
import { cacheTimes } from '#web/api/query-client';

/**
 * A bundle's members and savings, and the bundles a product is in (#shared/bundles). Here, not in
 * api/catalogue.ts, so it stays out of the shell (the shopper's first-page budget); the server
 * fetches it before its first rendering (ssr/first-queries.ts). Under the catalogue's key, so an admin's write refreshes it.
 */
export const productBundleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: catalogueKeys.bundle(id),
    queryFn: () =>
      apiFetch<{ data: ProductBundle }>(`/api/products/${encodeURIComponent(id)}/bundle`).then(
        (r) => r.data,
      ),
    ...cacheTimes.products,
    retryOnMount: false,
  });
