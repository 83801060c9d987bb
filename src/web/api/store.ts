import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreInfo } from '#shared/store';
import type { LegalPage, LegalPageView } from '#shared/store-brand';
import { apiFetch } from './http';

export const storeKeys = { info: ['store', 'info'] as const };

/** The store's configured name and support address; they do not change while the page is open. */
export const storeInfoQueryOptions = () =>
  queryOptions({
    queryKey: storeKeys.info,
    queryFn: () => apiFetch<StoreInfo>('/api/store'),
    staleTime: Infinity,
  });

/** The store's name and support address, or undefined until they are known. */
export function useStoreInfo(): StoreInfo | undefined {
  return useQuery(storeInfoQueryOptions()).data;
}

/** A legal page as the owner wrote it, rendered by the server (its HTML is safe to place). */
export const legalPageQueryOptions = (page: LegalPage) =>
  queryOptions({
    queryKey: ['store', 'page', page] as const,
    queryFn: () => apiFetch<LegalPageView>(`/api/store/pages/${page}`),
    staleTime: 60_000,
  });
