import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminSupportPage,
  AdminSupportThread,
  SupportReplyInput,
} from '#shared/admin-support';
import { apiFetch, toQuery } from '#web/api/http';
import { adminKeys } from './admin-keys';

const BASE = '/api/admin/support/messages';
const send = (method: string, body: unknown) => ({ method, body: JSON.stringify(body) });
const one = (request: Promise<{ data: AdminSupportThread }>) => request.then((r) => r.data);

/** The inbox's query as the URL holds it: status, page. */
export type SupportListParams = Record<string, string | undefined>;

export const adminSupportPageQueryOptions = (params: SupportListParams) =>
  queryOptions({
    queryKey: adminKeys.supportPages(params),
    queryFn: () => apiFetch<AdminSupportPage>(`${BASE}${toQuery(params)}`),
    placeholderData: keepPreviousData,
  });

export const adminSupportThreadQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.supportThread(id),
    queryFn: () => one(apiFetch(`${BASE}/${id}`)),
  });

export const adminSupportApi = {
  reply: (id: string, input: SupportReplyInput) =>
    one(apiFetch(`${BASE}/${id}/replies`, send('POST', input))),
  setStatus: (id: string, status: 'open' | 'closed') =>
    one(apiFetch(`${BASE}/${id}/status`, send('PUT', { status }))),
};
