import { z } from 'zod';
import { cartReminderMessages } from '#shared/cart-reminders';
import { unsubscribeUrls, type CampaignMailDeps } from '../campaigns/campaign-email';
import { renderEmail, STORE_NAME_SLOT } from '../mail/email-layout';
import { oneClickUnsubscribeHeaders } from '../mail/list-unsubscribe';
import type { MailMessage } from '../mail/mailer';
import { readToken, signToken, type SigningKeys } from '../security/signed-token';

const PURPOSE = 'cart-restore';
/** How long a reminder's link puts its cart back. */
const LINK_DAYS = 30;

const tokenData = z.object({ r: z.uuid() });

/** The reminder's link back to its cart: the reminder's id, signed, for 30 days. */
export function signCartRestoreToken(keys: SigningKeys, reminderId: string, now = Date.now()) {
  return signToken(keys, PURPOSE, { r: reminderId }, { expiresAt: now + LINK_DAYS * 86_400_000 });
}

/** The reminder a genuine, unexpired link names; null for anything else. */
export function readCartRestoreToken(keys: SigningKeys, token: string): string | null {
  return readToken(keys, PURPOSE, token, tokenData)?.r ?? null;
}

/** At most this many products are named; the rest are counted. */
const NAMED = 5;

/**
 * The one reminder: what is in the cart, a button back to it (which puts the lines back in this
 * browser's cart, signed in or not), and the way out of the store's mail, one click as well.
 */
export function cartReminderEmail(
  deps: CampaignMailDeps,
  reminder: { id: string; email: string; names: string[] },
): MailMessage {
  const token = encodeURIComponent(signCartRestoreToken(deps.keys, reminder.id));
  const unsubscribe = unsubscribeUrls(deps, reminder.email);
  const named = reminder.names.slice(0, NAMED);
  const more = reminder.names.length - named.length;
  return {
    to: reminder.email,
    headers: oneClickUnsubscribeHeaders(unsubscribe.oneClick),
    ...renderEmail({
      subject: cartReminderMessages.subject,
      heading: cartReminderMessages.subject,
      paragraphs: [
        `Your cart at ${STORE_NAME_SLOT} still holds:`,
        ...named.map((name) => `• ${name}`),
        ...(more > 0 ? [`and ${more} more`] : []),
      ],
      action: { label: 'Back to your cart', url: `${deps.publicUrl}/cart?restore=${token}` },
      note: `This is the only reminder about this cart. You get it because you left a cart at ${STORE_NAME_SLOT} with this address.`,
      unsubscribeUrl: unsubscribe.page,
    }),
  };
}
