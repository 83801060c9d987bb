import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminOrderDetail,
  AdminOrderPage,
  ExtraDownloads,
  RefundResult,
} from '#shared/admin-orders';
import { apiFetch, toQuery } from '#web/api/http';
import { adminKeys } from './admin-keys';

const BASE = '/api/admin/orders';
const post = (body?: unknown) => ({
  method: 'POST',
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

export const adminOrderPageQueryOptions = (params: Record<string, string | undefined>) =>
  queryOptions({
    queryKey: adminKeys.orderPages(params),
    queryFn: () => apiFetch<AdminOrderPage>(`${BASE}${toQuery(params)}`),
    placeholderData: keepPreviousData,
  });

export const adminOrderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.order(id),
    queryFn: () => apiFetch<{ data: AdminOrderDetail }>(`${BASE}/${id}`).then((r) => r.data),
  });

export const adminOrdersApi = {
  refund: ({ id, orderItemIds }: { id: string; orderItemIds?: string[] }) =>
    apiFetch<RefundResult>(`${BASE}/${id}/refunds`, post(orderItemIds ? { orderItemIds } : {})),
  resendReceipt: (id: string) => apiFetch<void>(`${BASE}/${id}/receipt`, post()),
  resendInvoice: (id: string) => apiFetch<void>(`${BASE}/${id}/invoice/resend`, post()),
  extraDownloads: ({ id, itemId, ...input }: ExtraDownloads & { id: string; itemId: string }) =>
    apiFetch<{ downloadsRemaining: number }>(
      `${BASE}/${id}/items/${itemId}/downloads`,
      post(input),
    ),
  cancel: (id: string) => apiFetch<{ status: string }>(`${BASE}/${id}/cancel`, post()),
};
