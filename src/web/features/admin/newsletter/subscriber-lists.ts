import type { SubscriptionType } from '#shared/newsletter';

/** Each list as the admin names it (a subscription's type). */
export const subscriberListLabels: Record<SubscriptionType, string> = {
  newsletter: 'Newsletter',
  coming_soon: 'Launch announcements',
};

/** A signup source as text: 'coming_soon_page' → 'coming soon page'. */
export const sourceLabel = (source: string) => source.replaceAll('_', ' ');

/** The lists, for the filter (classic zod's #shared/newsletter stays out of the admin's chunk). */
export const subscriberLists = Object.keys(subscriberListLabels) as SubscriptionType[];
