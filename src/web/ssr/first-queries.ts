import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { productQueryOptions } from '#web/api/catalogue';
import { productReviewsQueryOptions } from '#web/api/reviews';
import { productBundleQueryOptions } from '#web/features/catalogue/bundle-query';

type FirstQueries = (queryClient: QueryClient, params: Params) => Promise<unknown>;

/**
 * What a page asks for first, by its route's path (web/router.tsx), fetched before the server's
 * first rendering so that one rendering draws the page: without it, a rendering draws the
 * loading state and tells which queries to fetch for the next, and each round renders the
 * whole page again. Here rather than in the route table, so that this query code (the bundle's,
 * the reviews') stays out of the browser's first JavaScript. Whatever a page asks for that is
 * not here still arrives, in a further round.
 */
const FIRST_QUERIES: Record<string, FirstQueries> = {
  'products/:id': async (queryClient, { id = '' }) => {
    const [product] = await Promise.all([
      queryClient.fetchQuery(productQueryOptions(id)).catch(() => undefined),
      queryClient.prefetchQuery(productBundleQueryOptions(id)),
    ]);
    // The newest reviews are drawn (for the JSON-LD) when the product has any (product-page.tsx).
    if ((product?.ratingCount ?? 0) > 0) {
      await queryClient.prefetchQuery(productReviewsQueryOptions(id, 'newest'));
    }
  },
};

/** Fetches what the page of route `path` asks for first into `queryClient`. */
export async function fetchFirstQueries(
  queryClient: QueryClient,
  path: string | undefined,
  params: Params,
): Promise<void> {
  await FIRST_QUERIES[path ?? '']?.(queryClient, params);
}
