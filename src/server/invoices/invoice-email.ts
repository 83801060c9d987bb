import { renderEmail, STORE_NAME_SLOT } from '../mail/email-layout';
import type { MailMessage } from '../mail/mailer';

/**
 * An invoice sent again (the owner's re-send): a signed link to the stored PDF, the same bytes
 * the buyer first got, rather than an attachment (the mail queue holds text only).
 */
export function invoiceEmail(input: {
  to: string;
  orderNumber: string;
  invoiceNumber: string;
  url: string;
}): MailMessage {
  return {
    to: input.to,
    ...renderEmail({
      subject: `Your invoice ${input.invoiceNumber} for order ${input.orderNumber}`,
      heading: `Invoice ${input.invoiceNumber}`,
      paragraphs: [`Here is the invoice for your ${STORE_NAME_SLOT} order ${input.orderNumber}.`],
      action: { label: 'Download invoice (PDF)', url: input.url },
      note: 'This link is valid for a year and works without signing in.',
    }),
  };
}
