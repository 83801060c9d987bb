import { queryOptions } from '@tanstack/react-query';
import type { AdminSale, SaleInputValues } from '#shared/admin-sales';
import { apiFetch } from '#web/api/http';
import { adminKeys } from './admin-keys';

const BASE = '/api/admin/sales';
const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
const one = (request: Promise<{ data: AdminSale }>) => request.then((r) => r.data);
const path = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export const adminSalesQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.sales(),
    queryFn: () => apiFetch<{ data: AdminSale[] }>(BASE).then((r) => r.data),
  });

export const adminSaleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.sale(id),
    queryFn: () => one(apiFetch(path(id))),
    // The form keeps what it read: a refetch must not reset a form being edited.
    staleTime: Infinity,
  });

export const adminSalesApi = {
  create: (input: SaleInputValues) => one(apiFetch(BASE, send('POST', input))),
  update: ({ id, input }: { id: string; input: SaleInputValues }) =>
    one(apiFetch(path(id), send('PATCH', input))),
  end: (id: string) => one(apiFetch(`${path(id)}/end`, send('POST', {}))),
  remove: (id: string) => apiFetch<void>(path(id), { method: 'DELETE' }),
};
