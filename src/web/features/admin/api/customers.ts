import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditEntryView } from '#shared/admin';
import type {
  AdminCustomer,
  AdminCustomerPage,
  AdminGuest,
  BanCustomerInput,
} from '#shared/admin-customers';
import { apiFetch, toQuery } from '#web/api/http';
import { adminKeys } from './admin-keys';

const BASE = '/api/admin/customers';
const one = (request: Promise<{ data: AdminCustomer }>) => request.then((r) => r.data);
const post = (body: unknown = {}) => ({ method: 'POST', body: JSON.stringify(body) });

/** The list's query as the URL holds it (GET /api/admin/customers parses it). */
export type CustomerListParams = Record<string, string | undefined>;

export const adminCustomerPageQueryOptions = (params: CustomerListParams) =>
  queryOptions({
    queryKey: adminKeys.customerPages(params),
    queryFn: () => apiFetch<AdminCustomerPage>(`${BASE}${toQuery(params)}`),
    // The page on screen stays while the next one (another search or page) loads.
    placeholderData: keepPreviousData,
  });

export const adminCustomerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.customer(id),
    queryFn: () => one(apiFetch(`${BASE}/${id}`)),
  });

/** A guest buyer's page by their address. */
export const adminGuestQueryOptions = (email: string) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'customers', 'guest', email.toLowerCase()] as const,
    queryFn: () =>
      apiFetch<{ data: AdminGuest }>(`${BASE}/guest${toQuery({ email })}`).then((r) => r.data),
  });

/** The account's audit log, newest first (every write refreshes it: it sits under adminKeys.all). */
export const adminCustomerAuditQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.customerAudit(id),
    queryFn: () => apiFetch<{ data: AuditEntryView[] }>(`${BASE}/${id}/audit`).then((r) => r.data),
  });

/** Each answers the customer as they now are. */
export const adminCustomersApi = {
  ban: (id: string, input: BanCustomerInput) => one(apiFetch(`${BASE}/${id}/ban`, post(input))),
  unban: (id: string) => one(apiFetch(`${BASE}/${id}/unban`, post())),
  revokeSessions: (id: string) => one(apiFetch(`${BASE}/${id}/revoke-sessions`, post())),
};
