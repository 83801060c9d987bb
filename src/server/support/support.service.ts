import type { SupportMessage } from '#shared/support';
import type { Db } from '../db/client';
import { supportMessages } from '../db/schema';
import { consumeRequest, type RateLimitRule } from '../http/rate-limit';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { supportAcknowledgementEmail, supportTeamEmail } from './support-emails';

export interface SupportDeps {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  /** The support team's address (SUPPORT_EMAIL). */
  supportEmail: string;
}

/** Acknowledgements one address receives, whoever writes in its name. */
export const ACKNOWLEDGEMENTS_PER_ADDRESS: RateLimitRule = { windowSeconds: 60 * 60, max: 3 };

/**
 * Keeps a contact message, sends it to the support team and acknowledges it to the sender.
 * The team's copy must go out (an error reaches the customer, who can try again); a failed
 * acknowledgement is only logged, since the message itself has arrived.
 */
export async function receiveSupportMessage(
  deps: SupportDeps,
  message: SupportMessage,
): Promise<{ id: string }> {
  const [row] = await deps.db
    .insert(supportMessages)
    .values(message)
    .returning({ id: supportMessages.id });
  if (!row) throw new Error('support message not stored');

  await deps.mailer.send(supportTeamEmail(deps.supportEmail, row.id, message));
  const to = message.email.toLowerCase();
  try {
    const quota = await consumeRequest(
      deps.db,
      `support-acknowledgement:${to}`,
      ACKNOWLEDGEMENTS_PER_ADDRESS,
    );
    if (quota.allowed) await deps.mailer.send(supportAcknowledgementEmail(message.email, row.id));
  } catch (err) {
    deps.logger.error({ err, supportMessageId: row.id }, 'support acknowledgement not sent');
  }
  return row;
}
