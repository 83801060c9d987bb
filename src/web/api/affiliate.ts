import { queryOptions } from '@tanstack/react-query';
import type { MyAffiliate } from '#shared/affiliates';
import { sessionKeys } from '#web/session/session-query';
import { ApiError, apiFetch } from './http';

/** The signed-in account's affiliate page, or null for an account that is no affiliate. */
export const myAffiliateQuery = queryOptions({
  queryKey: [...sessionKeys.all, 'affiliate'] as const,
  queryFn: async () => {
    try {
      return await apiFetch<MyAffiliate>('/api/account/affiliate');
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});
