import { webhookMessages } from '#shared/webhooks';
import { renderEmail, STORE_NAME_SLOT } from '../mail/email-layout';
import type { MailMessage } from '../mail/mailer';

/** The store admins' notice that the store stopped sending to an endpoint that kept failing. */
export function webhookDisabledEmail(
  to: string,
  endpoint: { url: string; failures: number; lastError: string | null },
  adminUrl: string,
): MailMessage {
  return {
    to,
    ...renderEmail({
      subject: `${STORE_NAME_SLOT}: a webhook endpoint was disabled`,
      heading: 'A webhook endpoint was disabled',
      paragraphs: [
        `The store stopped sending events to ${endpoint.url}.`,
        webhookMessages.disabledNotice(endpoint.failures),
        ...(endpoint.lastError ? [`Last error: ${endpoint.lastError}`] : []),
        'Events that happen while it is disabled are not sent to it; failed deliveries can be replayed from the admin once it is enabled again.',
      ],
      action: { label: 'Open the webhooks admin', url: adminUrl },
    }),
  };
}
