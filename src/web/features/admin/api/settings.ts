import { queryOptions } from '@tanstack/react-query';
import type { OrdersExportQuery, TaxReport } from '#shared/admin-reports';
import type { SellerSettings, TaxSettings } from '#shared/tax-settings';
import { apiFetch, toQuery } from '#web/api/http';
import { adminKeys } from './admin-keys';

const SETTINGS = '/api/admin/settings';
const put = (body: unknown) => ({ method: 'PUT', body: JSON.stringify(body) });

export const taxSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.settings('tax'),
    queryFn: () => apiFetch<TaxSettings>(`${SETTINGS}/tax`),
    // The form keeps what it read: a refetch must not reset a form being edited.
    staleTime: Infinity,
  });

export const sellerSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.settings('seller'),
    queryFn: () => apiFetch<SellerSettings>(`${SETTINGS}/seller`),
    staleTime: Infinity,
  });

export const adminSettingsApi = {
  saveTax: (input: TaxSettings) => apiFetch<TaxSettings>(`${SETTINGS}/tax`, put(input)),
  saveSeller: (input: SellerSettings) => apiFetch<SellerSettings>(`${SETTINGS}/seller`, put(input)),
};

export const taxReportQueryOptions = (year: number, quarter: number) =>
  queryOptions({
    queryKey: adminKeys.taxReport(year, quarter),
    queryFn: () => apiFetch<TaxReport>(`/api/admin/reports/tax${toQuery({ year, quarter })}`),
  });

export const taxReportCsvHref = (year: number, quarter: number) =>
  `/api/admin/reports/tax${toQuery({ year, quarter, format: 'csv' })}`;

/** The orders list's own filters (days placed, status) carry over to its export. */
export const ordersExportHref = ({
  from,
  to,
  status,
}: Partial<Record<keyof OrdersExportQuery, string>>) =>
  `/api/admin/orders/export.csv${toQuery({ from, to, status })}`;

/** Every buyer (accounts and guests) as CSV. */
export const customersExportHref = '/api/admin/customers/export.csv';

/** Every product, whatever its status, as CSV. */
export const productsExportHref = '/api/admin/products/export.csv';
