import { infiniteQueryOptions } from '@tanstack/react-query';
import type { OrderStatus } from '#shared/checkout';
import { ORDER_PAGE_SIZE, type OrderView } from '#shared/orders';
import { apiFetch, toQuery } from './http';
import { cacheTimes } from './query-client';

interface OrderPage {
  data: OrderView[];
  limit: number;
  offset: number;
  hasMore: boolean;
}

export const orderKeys = {
  all: ['orders'] as const,
  pages: (status?: OrderStatus) => [...orderKeys.all, 'pages', status ?? 'all'] as const,
};

/** The signed-in user's orders, newest first, ten at a time by offset. */
export const orderPagesQueryOptions = (status?: OrderStatus) =>
  infiniteQueryOptions({
    queryKey: orderKeys.pages(status),
    queryFn: ({ pageParam }) =>
      apiFetch<OrderPage>(
        `/api/orders${toQuery({ limit: ORDER_PAGE_SIZE, offset: pageParam, status })}`,
      ),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.hasMore ? last.offset + last.data.length : undefined),
    ...cacheTimes.orders,
  });

/**
 * Where the signed-in buyer's latest order was billed (Buy Now's first guess), or null without
 * one. The checkout client asks it only when Buy Now is about to be used.
 */
export async function lastOrderCountry(): Promise<{
  country: string;
  region: string | null;
} | null> {
  const page = await apiFetch<OrderPage>(`/api/orders${toQuery({ limit: 1, offset: 0 })}`);
  const latest = page.data[0];
  return latest?.country ? { country: latest.country, region: latest.region } : null;
}
