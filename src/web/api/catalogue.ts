import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type {
  Category,
  Product,
  FacetName,
  FacetSortField,
  ProductPage,
  SearchResponse,
} from '#shared/catalogue';
import { apiFetch, toQuery } from './http';
import { cacheTimes } from './query-client';

/** The facet filters of a list, as GET /api/products takes them. */
export type FacetParams = Partial<Record<FacetName, readonly string[]>> & {
  bpmMin?: number;
  bpmMax?: number;
  priceMin?: number;
  priceMax?: number;
  onSale?: 'true';
};

export interface ProductListParams extends FacetParams {
  category?: string;
  q?: string;
  sortBy?: FacetSortField;
  sortOrder?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
  /** 'true': the answer carries the live counts (ProductPage.facets). */
  facets?: 'true';
}

export const catalogueKeys = {
  all: ['catalogue'] as const,
  categories: () => [...catalogueKeys.all, 'categories'] as const,
  products: (params: ProductListParams) => [...catalogueKeys.all, 'products', params] as const,
  productPages: (params: ProductListParams) =>
    [...catalogueKeys.all, 'product-pages', params] as const,
  product: (id: string) => [...catalogueKeys.all, 'product', id] as const,
  related: (id: string) => [...catalogueKeys.all, 'related', id] as const,
  bundle: (id: string) => [...catalogueKeys.all, 'bundle', id] as const,
  featured: (limit: number) => [...catalogueKeys.all, 'featured', limit] as const,
  search: (q: string) => [...catalogueKeys.all, 'search', q] as const,
};

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: catalogueKeys.categories(),
    queryFn: () => apiFetch<{ data: Category[] }>('/api/categories').then((r) => r.data),
    ...cacheTimes.categories,
  });

export const productsQueryOptions = (params: ProductListParams) =>
  queryOptions({
    queryKey: catalogueKeys.products(params),
    queryFn: () => apiFetch<ProductPage>(`/api/products${toQuery({ ...params })}`),
    ...cacheTimes.products,
  });

/** The product list read page after page (offset paging), for 'Load more'. */
export const productPagesQueryOptions = (params: Omit<ProductListParams, 'offset'>) =>
  infiniteQueryOptions({
    queryKey: catalogueKeys.productPages(params),
    queryFn: ({ pageParam }) =>
      apiFetch<ProductPage>(`/api/products${toQuery({ ...params, offset: pageParam })}`),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.offset + last.data.length : undefined),
    ...cacheTimes.products,
  });

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: catalogueKeys.product(id),
    queryFn: () =>
      apiFetch<{ data: Product }>(`/api/products/${encodeURIComponent(id)}`).then((r) => r.data),
    ...cacheTimes.products,
    // A product that does not exist stays so: the page the server drew (Product Not Found,
    // a 404) is the page that hydrates, not a loading state that asks again. Other failures
    // offer Retry.
    retryOnMount: false,
  });

export const relatedProductsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: catalogueKeys.related(id),
    queryFn: () =>
      apiFetch<{ data: Product[] }>(`/api/products/${encodeURIComponent(id)}/related`).then(
        (r) => r.data,
      ),
    ...cacheTimes.products,
  });

export const featuredProductsQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: catalogueKeys.featured(limit),
    queryFn: () =>
      apiFetch<{ data: Product[] }>(`/api/products/featured${toQuery({ limit })}`).then(
        (r) => r.data,
      ),
    ...cacheTimes.products,
  });

/** The overlay's results and what the search understood. A failure finds nothing, silently. */
export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: catalogueKeys.search(q),
    queryFn: () =>
      apiFetch<SearchResponse>(`/api/search${toQuery({ q })}`).catch(
        (): Partial<SearchResponse> => ({ data: [] }),
      ),
    ...cacheTimes.products,
  });
