import { subscriptionListName } from '#shared/newsletter';
import { useStoreInfo } from '#web/api/store';
import { SubscriptionLinkPage } from './subscription-link-page';

/** /newsletter/confirm?token=…: the double opt-in's second step. */
export function ConfirmSubscriptionPage() {
  const storeName = useStoreInfo()?.name ?? 'the store';
  return (
    <SubscriptionLinkPage
      purpose="confirm"
      texts={{
        title: 'Confirm subscription',
        working: 'Confirming your subscription...',
        invalidLink: 'Invalid confirmation link. Please check your email and try again.',
        failed: 'Failed to confirm your subscription. Please try again.',
        succeeded: ({ email, subscriptionType }) => (
          <>
            <p className="font-medium text-emerald-300">Your subscription is confirmed!</p>
            <p>
              <span className="font-medium text-white">{email}</span> will receive{' '}
              {subscriptionListName(subscriptionType, storeName)}. Every email has a link to
              unsubscribe.
            </p>
          </>
        ),
        next: { to: '/products', label: 'Browse products' },
      }}
    />
  );
}
