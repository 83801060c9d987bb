import { subscriptionListName } from '#shared/newsletter';
import { useStoreInfo } from '#web/api/store';
import { SubscriptionLinkPage } from './subscription-link-page';

/** /newsletter/unsubscribe?token=…: the link in every newsletter email. One visit is enough. */
export function UnsubscribePage() {
  const storeName = useStoreInfo()?.name ?? 'the store';
  return (
    <SubscriptionLinkPage
      purpose="unsubscribe"
      texts={{
        title: 'Unsubscribe',
        working: 'Unsubscribing...',
        invalidLink: 'Invalid unsubscribe link. Please check your email and try again.',
        failed: 'Failed to unsubscribe. Please try again.',
        succeeded: ({ email, subscriptionType }) => (
          <>
            <p className="font-medium text-emerald-300">You have been unsubscribed.</p>
            <p>
              <span className="font-medium text-white">{email}</span> will no longer receive{' '}
              {subscriptionListName(subscriptionType, storeName)}. Changed your mind? Sign up again
              from the home page any time.
            </p>
          </>
        ),
        next: { to: '/', label: 'Back to home' },
      }}
    />
  );
}
