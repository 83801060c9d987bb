import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminSubscriberPage } from '#shared/admin-newsletter';
import { apiFetch, toQuery } from '#web/api/http';
import { adminKeys } from './admin-keys';

const BASE = '/api/admin/newsletter';

/** The list's query as the URL holds it: list, q, page. */
export type SubscriberListParams = Record<string, string | undefined>;

export const adminSubscriberPageQueryOptions = (params: SubscriberListParams) =>
  queryOptions({
    queryKey: adminKeys.subscriberPages(params),
    queryFn: () => apiFetch<AdminSubscriberPage>(`${BASE}/subscribers${toQuery(params)}`),
    placeholderData: keepPreviousData,
  });

/** The CSV of the subscribers the list shows (its list and search; every page). */
export const subscriberExportHref = ({ list, q }: SubscriberListParams) =>
  `${BASE}/export${toQuery({ list, q })}`;

export const adminNewsletterApi = {
  unsubscribe: (id: string) =>
    apiFetch<null>(`${BASE}/subscribers/${id}/unsubscribe`, { method: 'POST' }),
};
