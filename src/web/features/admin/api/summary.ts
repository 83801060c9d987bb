import { queryOptions } from '@tanstack/react-query';
import type { AdminSummary } from '#shared/admin';
import { apiFetch } from '#web/api/http';
import { adminKeys } from './admin-keys';

/** The dashboard's numbers, read afresh each time the dashboard opens. */
export const adminSummaryQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.summary(),
    queryFn: () => apiFetch<AdminSummary>('/api/admin/summary'),
  });
