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
