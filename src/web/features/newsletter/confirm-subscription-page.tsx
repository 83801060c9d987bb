import { subscriptionListNames } from '#shared/newsletter';
import { SubscriptionLinkPage } from './subscription-link-page';

/** /newsletter/confirm?token=…: the double opt-in's second step. */
export function ConfirmSubscriptionPage() {
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
              {subscriptionListNames[subscriptionType]}. Every email has a link to unsubscribe.
            </p>
          </>
        ),
        next: { to: '/products', label: 'Browse products' },
      }}
    />
  );
}
