import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  newsletterMessages,
  type NewsletterSignup,
  subscriptionOutcomeSchema,
  type SubscriptionOutcome,
} from '#shared/newsletter';
import type { Db, Tx } from '../db/client';
import { mailUnsubscribes, newsletterSubscriptions as subscriptions } from '../db/schema';
import { AppError } from '../http/app-error';
import { consumeRequest, type RateLimitRule } from '../http/rate-limit';
import type { Mailer } from '../mail/mailer';
import type { SigningKeys } from '../security/signed-token';
import { subscriptionConfirmationEmail, subscriptionLinks } from './newsletter-emails';
import { readNewsletterToken, type NewsletterTokenPurpose } from './newsletter-token';
import { queueWebhookEvent } from '../webhooks/webhook-events';

export interface NewsletterDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** Signs the confirm and unsubscribe links. */
  keys: SigningKeys;
}

/**
 * Confirmation emails one address receives, whoever asks: signing a stranger up from many
 * addresses must not turn the store into a mail cannon.
 */
export const CONFIRMATIONS_PER_ADDRESS: RateLimitRule = { windowSeconds: 60 * 60, max: 3 };

/**
 * Records a signup, one row per email and list, and mails a confirmation link unless the address
 * has already confirmed. Signing up again is not an error: a pending signup gets a fresh link,
 * a confirmed one gets nothing, and a former unsubscriber is subscribed again and confirms again.
 */
export async function subscribe(deps: NewsletterDeps, signup: NewsletterSignup): Promise<void> {
  const wasUnsubscribed = sql`${subscriptions.unsubscribedAt} is not null`;
  // The signup and its confirmation mail commit together: a stored signup always gets its link.
  const queued = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(subscriptions)
      .values(signup)
      .onConflictDoUpdate({
        target: [subscriptions.email, subscriptions.subscriptionType],
        // Every right-hand side reads the row as it was before this statement.
        set: {
          confirmedAt: sql`case when ${wasUnsubscribed} then null else ${subscriptions.confirmedAt} end`,
          source: sql`case when ${wasUnsubscribed} then excluded.source else ${subscriptions.source} end`,
          unsubscribedAt: null,
          updatedAt: sql`now()`,
        },
      })
      .returning({ id: subscriptions.id, confirmedAt: subscriptions.confirmedAt });
    if (!row) throw new Error('newsletter subscription not stored');
    if (row.confirmedAt) return false;

    const quota = await consumeRequest(
      tx,
      `newsletter-confirmation:${signup.email}`,
      CONFIRMATIONS_PER_ADDRESS,
    );
    if (!quota.allowed) return false;
    const links = subscriptionLinks(deps.publicUrl, deps.keys, row.id);
    await deps.mailer.enqueue(
      tx,
      subscriptionConfirmationEmail(signup.email, signup.subscriptionType, links),
    );
    return true;
  });
  if (queued) deps.mailer.wake();
}

type TokenDeps = Pick<NewsletterDeps, 'db' | 'keys'>;

function subscriptionIdOf(keys: SigningKeys, token: string, purpose: NewsletterTokenPurpose) {
  const id = readNewsletterToken(keys, token, purpose);
  if (!id) {
    throw new AppError('VALIDATION_FAILED', newsletterMessages.invalidLink, {
      token: [newsletterMessages.invalidLink],
    });
  }
  return id;
}

const outcomeColumns = {
  email: subscriptions.email,
  subscriptionType: subscriptions.subscriptionType,
};

function outcome(row: { email: string; subscriptionType: string }): SubscriptionOutcome {
  return subscriptionOutcomeSchema.parse({ success: true, ...row });
}

/** The confirm link: the address opts in. Following it again changes nothing. */
export async function confirmSubscription(
  { db, keys }: TokenDeps,
  token: string,
): Promise<SubscriptionOutcome> {
  const id = subscriptionIdOf(keys, token, 'confirm');
  const confirmed = await db.transaction(async (tx) => {
    // The first confirmation is announced with it; following the link again announces nothing.
    const [first] = await tx
      .update(subscriptions)
      .set({ confirmedAt: sql`now()`, updatedAt: sql`now()` })
      .where(
        and(
          eq(subscriptions.id, id),
          isNull(subscriptions.unsubscribedAt),
          isNull(subscriptions.confirmedAt),
        ),
      )
      .returning({ ...outcomeColumns, source: subscriptions.source });
    if (first) {
      await queueWebhookEvent(tx, 'subscriber.confirmed', () => ({
        subscriptionId: id,
        email: first.email,
        subscriptionType: first.subscriptionType,
        source: first.source,
      }));
      return first;
    }
    const [again] = await tx
      .update(subscriptions)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(subscriptions.id, id), isNull(subscriptions.unsubscribedAt)))
      .returning(outcomeColumns);
    return again;
  });
  if (confirmed) {
    // Opting in again (double opt-in) lifts an earlier unsubscribe from the store's campaigns.
    await db
      .delete(mailUnsubscribes)
      .where(eq(mailUnsubscribes.email, confirmed.email.toLowerCase()));
    return outcome(confirmed);
  }

  const [cancelled] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(eq(subscriptions.id, id));
  if (cancelled) throw new AppError('CONFLICT', newsletterMessages.unsubscribedAlready);
  throw new AppError('NOT_FOUND', newsletterMessages.subscriptionGone);
}

/** The unsubscribe link in every message: works whether or not the address confirmed, and again. */
export async function unsubscribe(
  { db, keys }: TokenDeps,
  token: string,
): Promise<SubscriptionOutcome> {
  const id = subscriptionIdOf(keys, token, 'unsubscribe');
  const [row] = await db
    .update(subscriptions)
    .set({
      unsubscribedAt: sql`coalesce(${subscriptions.unsubscribedAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.id, id))
    .returning(outcomeColumns);
  if (!row) throw new AppError('NOT_FOUND', newsletterMessages.subscriptionGone);
  return outcome(row);
}

/**
 * Ends every subscription of an address whose account is deleted: the rows go, so the address is
 * not kept as a former subscriber either. Signing up again later starts afresh, with a new
 * confirmation.
 */
export async function endSubscriptionsOf(tx: Tx, email: string): Promise<void> {
  await tx.delete(subscriptions).where(sql`lower(${subscriptions.email}) = lower(${email})`);
}
