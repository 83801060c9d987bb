import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminJobPage, JobQueueName, JobQueueSummary } from '#shared/admin-jobs';
import { apiFetch, toQuery } from '#web/api/http';
import { adminKeys } from './admin-keys';

const BASE = '/api/admin/jobs';

/** Counts move on their own (workers run beside the page): read again every 10 seconds. */
const REFRESH_MS = 10_000;

export const jobSummaryQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.jobSummary(),
    queryFn: () => apiFetch<{ data: JobQueueSummary[] }>(`${BASE}/summary`),
    refetchInterval: REFRESH_MS,
  });

/** The list's query as the URL holds it: queue, state, page. */
export const jobPageQueryOptions = (params: Record<string, string | undefined>) =>
  queryOptions({
    queryKey: adminKeys.jobPages(params),
    queryFn: () => apiFetch<AdminJobPage>(`${BASE}${toQuery(params)}`),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });

export const adminJobsApi = {
  retry: (queue: JobQueueName, id: string) =>
    apiFetch<null>(`${BASE}/${queue}/${id}/retry`, { method: 'POST' }),
  discard: (queue: JobQueueName, id: string) =>
    apiFetch<null>(`${BASE}/${queue}/${id}/discard`, { method: 'POST' }),
};
