import { queryOptions } from '@tanstack/react-query';
import type { PromiseSettings } from '#shared/promises';
import { apiFetch } from '#web/api/http';
import { adminKeys } from './admin-keys';

const PATH = '/api/admin/settings/promises';

/** The store's promises (admin → Settings → Promises), which the product editor names too. */
export const promiseSettingsKey = () => [...adminKeys.all, 'settings', 'promises'] as const;

export const promiseSettingsQueryOptions = () =>
  queryOptions({
    queryKey: promiseSettingsKey(),
    queryFn: () => apiFetch<PromiseSettings>(PATH),
    // The form keeps what it read: a refetch must not reset a form being edited.
    staleTime: Infinity,
  });

export const savePromiseSettings = (input: PromiseSettings) =>
  apiFetch<PromiseSettings>(PATH, { method: 'PUT', body: JSON.stringify(input) });
