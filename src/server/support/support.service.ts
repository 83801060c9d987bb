import type { SupportMessage } from '#shared/support';
import type { Db } from '../db/client';
import { supportMessages } from '../db/schema';
import { consumeRequest, type RateLimitRule } from '../http/rate-limit';
import type { Mailer } from '../mail/mailer';
import { supportAcknowledgementEmail, supportTeamEmail } from './support-emails';

export interface SupportDeps {
  db: Db;
  mailer: Mailer;
  /** The support team's address (SUPPORT_EMAIL). */
  supportEmail: string;
}

/** Acknowledgements one address receives, whoever writes in its name. */
export const ACKNOWLEDGEMENTS_PER_ADDRESS: RateLimitRule = { windowSeconds: 60 * 60, max: 3 };

/**
 * Keeps a contact message and queues it for the support team, with an acknowledgement to the
 * sender (at most a few an hour per address), all in one transaction: a stored message always
 * reaches the team, and an error leaves nothing behind, so the customer can simply try again.
 */
export async function receiveSupportMessage(
  deps: SupportDeps,
  message: SupportMessage,
): Promise<{ id: string }> {
  const row = await deps.db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(supportMessages)
      .values(message)
      .returning({ id: supportMessages.id });
    if (!stored) throw new Error('support message not stored');
    await deps.mailer.enqueue(tx, supportTeamEmail(deps.supportEmail, stored.id, message));
    const quota = await consumeRequest(
      tx,
      `support-acknowledgement:${message.email.toLowerCase()}`,
      ACKNOWLEDGEMENTS_PER_ADDRESS,
    );
    if (quota.allowed) {
      await deps.mailer.enqueue(tx, supportAcknowledgementEmail(message.email, stored.id));
    }
    return stored;
  });
  deps.mailer.wake();
  return row;
}
