import { QueryClient } from '@tanstack/react-query';

const minutes = (n: number) => n * 60_000;

/** SPEC §9 cache times: one retry, no refetch on window focus. */
export const cacheTimes = {
  products: { staleTime: minutes(5), gcTime: minutes(10) },
  categories: { staleTime: minutes(15), gcTime: minutes(30) },
  purchaseStatus: { staleTime: minutes(5) },
  orders: { staleTime: minutes(5) },
} as const;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
  },
});
