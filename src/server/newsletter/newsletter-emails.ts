import { subscriptionListName, type SubscriptionType } from '#shared/newsletter';
import { renderEmail, STORE_NAME_SLOT } from '../mail/email-layout';
import type { MailMessage } from '../mail/mailer';
import type { SigningKeys } from '../security/signed-token';
import { signNewsletterToken } from './newsletter-token';

/** The confirm and unsubscribe links of one subscription: the store's pages, never the API. */
export function subscriptionLinks(publicUrl: string, keys: SigningKeys, subscriptionId: string) {
  const link = (purpose: 'confirm' | 'unsubscribe') =>
    `${publicUrl}/newsletter/${purpose}?token=${encodeURIComponent(
      signNewsletterToken(keys, subscriptionId, purpose),
    )}`;
  return { confirm: link('confirm'), unsubscribe: link('unsubscribe') };
}

const whatYouGet: Record<SubscriptionType, string> = {
  newsletter: 'New releases, free sounds and production tips, about once a month.',
  coming_soon: 'One email when the page you were waiting for goes live.',
};

/** Double opt-in: nothing is sent to the list until this link is followed. */
export function subscriptionConfirmationEmail(
  to: string,
  subscriptionType: SubscriptionType,
  links: ReturnType<typeof subscriptionLinks>,
): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: `Confirm your ${STORE_NAME_SLOT} subscription`,
      heading: 'Confirm your subscription',
      paragraphs: [
        `Someone, hopefully you, asked to receive ${subscriptionListName(subscriptionType, STORE_NAME_SLOT)} at this address.`,
        whatYouGet[subscriptionType],
      ],
      action: { label: 'Confirm subscription', url: links.confirm },
      note: 'If you did not ask for this, ignore this email: you will not be subscribed.',
      unsubscribeUrl: links.unsubscribe,
    }),
  };
}
