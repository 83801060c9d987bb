import { queryOptions } from '@tanstack/react-query';
import type { AdminPromoCode, CreatePromoInput, UpdatePromoInput } from '#shared/admin-promos';
import type { AdminProductPage } from '#shared/admin-products-api';
import { ADMIN_PRODUCT_MAX_PAGE_SIZE } from '#shared/admin-product-list';
import { apiFetch, toQuery } from '#web/api/http';
import { adminKeys } from './admin-keys';
import { useAdminWrite } from './admin-write';

const BASE = '/api/admin/promo-codes';
const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
const one = (request: Promise<{ data: AdminPromoCode }>) => request.then((r) => r.data);
const path = (code: string) => `${BASE}/${encodeURIComponent(code)}`;

export const adminPromosQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.promos(),
    queryFn: () => apiFetch<{ data: AdminPromoCode[] }>(BASE).then((r) => r.data),
  });

export const adminPromoQueryOptions = (code: string) =>
  queryOptions({
    queryKey: adminKeys.promo(code),
    queryFn: () => one(apiFetch(path(code))),
    // The form keeps what it read: a refetch must not reset a form being edited.
    staleTime: Infinity,
  });

/** The products a code may be limited to: the first page of the catalogue by name, any status. */
export const promoScopeProductsQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.promos(), 'scope-products'] as const,
    queryFn: () =>
      apiFetch<AdminProductPage>(
        `/api/admin/products${toQuery({ sort: 'name', order: 'asc', pageSize: ADMIN_PRODUCT_MAX_PAGE_SIZE })}`,
      ),
  });

export const adminPromosApi = {
  create: (input: CreatePromoInput) => one(apiFetch(BASE, send('POST', input))),
  update: ({ code, input }: { code: string; input: UpdatePromoInput }) =>
    one(apiFetch(path(code), send('PATCH', input))),
  deactivate: (code: string) => one(apiFetch(`${path(code)}/deactivate`, send('POST', {}))),
};

export function useDeactivatePromo() {
  return useAdminWrite(adminPromosApi.deactivate);
}
