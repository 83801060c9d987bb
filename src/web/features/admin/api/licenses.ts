import { queryOptions } from '@tanstack/react-query';
import type {
  AddLicenseSeatsInput,
  AdminLicense,
  AdminLicenseSummary,
  RevokeLicenseInput,
} from '#shared/admin-licenses';
import { apiFetch, toQuery } from '#web/api/http';
import { adminKeys } from './admin-keys';

const BASE = '/api/admin/licenses';
const one = (request: Promise<{ data: AdminLicense }>) => request.then((r) => r.data);
const post = (body: unknown = {}) => ({ method: 'POST', body: JSON.stringify(body) });

/** Licences whose key is `q` (any case, spaces or none) or whose buyer's e-mail contains it. */
export const adminLicenseSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: adminKeys.licenseSearch(q),
    queryFn: () =>
      apiFetch<{ data: AdminLicenseSummary[] }>(`${BASE}${toQuery({ q })}`).then((r) => r.data),
    enabled: q !== '',
  });

export const adminLicenseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.license(id),
    queryFn: () => one(apiFetch(`${BASE}/${id}`)),
  });

/** Each answers the licence as it now is. */
export const adminLicensesApi = {
  revoke: (id: string, input: RevokeLicenseInput) =>
    one(apiFetch(`${BASE}/${id}/revoke`, post(input))),
  restore: (id: string) => one(apiFetch(`${BASE}/${id}/restore`, post())),
  addSeats: (id: string, input: AddLicenseSeatsInput) =>
    one(apiFetch(`${BASE}/${id}/seats`, post(input))),
  resetMachines: (id: string) => one(apiFetch(`${BASE}/${id}/reset-machines`, post())),
};
