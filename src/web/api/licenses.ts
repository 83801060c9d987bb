import { queryOptions } from '@tanstack/react-query';
import type { LicenseView } from '#shared/licenses';
import { apiFetch } from './http';

export const licenseKeys = {
  all: ['licenses'] as const,
  /** Keyed by user, so one account never sees another's keys from the cache. */
  list: (userId: string) => [...licenseKeys.all, 'list', userId] as const,
};

/** The signed-in buyer's licence keys, newest first, each with the machines it is active on. */
export const licensesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: licenseKeys.list(userId),
    queryFn: () => apiFetch<LicenseView[]>('/api/licenses'),
  });

export const licensesApi = {
  /** Frees one machine of the buyer's own key (counted toward the key's swap limit). */
  freeMachine: (licenseId: string, activationId: string) =>
    apiFetch<null>(
      `/api/licenses/${encodeURIComponent(licenseId)}/machines/${encodeURIComponent(activationId)}`,
      { method: 'DELETE' },
    ),
};
