import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminReview, AdminReviewPage } from '#shared/admin-reviews';
import { apiFetch, toQuery } from '#web/api/http';
import { adminKeys } from './admin-keys';

const BASE = '/api/admin/reviews';

/** The list's query as the URL holds it: status, rating, q, page (and pageSize). */
export type ReviewListParams = Record<string, string | undefined>;

export const adminReviewPageQueryOptions = (params: ReviewListParams) =>
  queryOptions({
    queryKey: [...adminKeys.all, 'reviews', 'pages', params] as const,
    queryFn: () => apiFetch<AdminReviewPage>(`${BASE}${toQuery(params)}`),
    placeholderData: keepPreviousData,
  });

const post = (path: string, body: unknown, method = 'POST') =>
  apiFetch<AdminReview>(`${BASE}/${path}`, { method, body: JSON.stringify(body) });

export const adminReviewsApi = {
  hide: (id: string, reason: string) => post(`${id}/hide`, { reason }),
  unhide: (id: string) => post(`${id}/unhide`, {}),
  reply: (id: string, reply: string) => post(`${id}/reply`, { reply }, 'PUT'),
};
