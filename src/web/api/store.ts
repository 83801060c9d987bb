import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StoreInfo } from '#shared/store';
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
