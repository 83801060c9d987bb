import type { SubscriptionOutcome } from '#shared/newsletter';
import { apiFetch } from '#web/api/http';

export type SubscriptionLinkPurpose = 'confirm' | 'unsubscribe';

/** Hands a confirm or unsubscribe link's token to the API, which does what the link says. */
export function followSubscriptionLink(purpose: SubscriptionLinkPurpose, token: string) {
  return apiFetch<SubscriptionOutcome>(`/api/newsletter/${purpose}`, {
    method: 'POST',
    body: JSON.stringify({ token }),
  });
}

export const subscriptionLinkQuery = (purpose: SubscriptionLinkPurpose, token: string) => ({
  queryKey: ['newsletter-link', purpose, token] as const,
  queryFn: () => followSubscriptionLink(purpose, token),
  // Following the link is done once per visit; the answer does not go stale while shown.
  retry: false,
  staleTime: Infinity,
});
