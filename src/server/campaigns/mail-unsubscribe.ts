import { sql } from 'drizzle-orm';
import { campaignMessages } from '#shared/campaigns';
import type { Db } from '../db/client';
import { campaignRecipients, mailUnsubscribes, newsletterSubscriptions } from '../db/schema';
import { AppError } from '../http/app-error';
import type { SigningKeys } from '../security/signed-token';
import { readMailUnsubscribeToken } from './campaign-email';

/**
 * A campaign's unsubscribe, one click or the page's button: the address joins mail_unsubscribes
 * (no campaign reaches it again), the campaign counts it, and the newsletter honours it (every
 * subscription of the address ends). Works again and again; a forged token changes nothing.
 */
export async function unsubscribeFromMail(
  db: Db,
  keys: SigningKeys,
  token: string,
): Promise<{ email: string }> {
  const link = readMailUnsubscribeToken(keys, token);
  if (!link) {
    throw new AppError('VALIDATION_FAILED', campaignMessages.badUnsubscribeLink, {
      token: [campaignMessages.badUnsubscribeLink],
    });
  }
  const { email, campaignId } = link;
  await db.transaction(async (tx) => {
    await tx.insert(mailUnsubscribes).values({ email }).onConflictDoNothing();
    if (campaignId) {
      await tx
        .update(campaignRecipients)
        .set({
          unsubscribedAt: sql`coalesce(${campaignRecipients.unsubscribedAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(
          sql`${campaignRecipients.campaignId} = ${campaignId} and ${campaignRecipients.email} = ${email}`,
        );
    }
    await tx
      .update(newsletterSubscriptions)
      .set({
        unsubscribedAt: sql`coalesce(${newsletterSubscriptions.unsubscribedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(sql`lower(${newsletterSubscriptions.email}) = ${email}`);
  });
  return { email };
}
