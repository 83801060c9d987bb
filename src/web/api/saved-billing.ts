import { queryOptions } from '@tanstack/react-query';
import type { SavedBillingAnswer } from '#shared/saved-billing';
import { sessionKeys } from '#web/session/session-query';
import { apiFetch } from './http';

/** The saved billing details hang on the session: signing out forgets them. */
export const savedBillingKeys = { all: () => [...sessionKeys.all, 'billing-details'] as const };

/** The signed-in buyer's remembered billing details (null when none are saved). */
export const savedBillingQuery = queryOptions({
  queryKey: savedBillingKeys.all(),
  queryFn: async () =>
    (await apiFetch<SavedBillingAnswer>('/api/account/billing-details')).savedBilling,
});

export const savedBillingApi = {
  remove: () => apiFetch('/api/account/billing-details', { method: 'DELETE' }),
};
