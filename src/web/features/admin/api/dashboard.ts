import { queryOptions } from '@tanstack/react-query';
import type { AdminDashboard, DashboardPeriod } from '#shared/admin-dashboard-rules';
import { apiFetch } from '#web/api/http';
import { adminKeys } from './admin-keys';

/** The dashboard's days, sales and top lists for the last `days` UTC days. */
export const adminDashboardQueryOptions = (days: DashboardPeriod) =>
  queryOptions({
    queryKey: adminKeys.dashboard(days),
    queryFn: () => apiFetch<AdminDashboard>(`/api/admin/dashboard?days=${days}`),
  });
