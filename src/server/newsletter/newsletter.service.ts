import { sql } from 'drizzle-orm';
import type { NewsletterSignup } from '#shared/newsletter';
import type { Db } from '../db/client';
import { newsletterSubscriptions } from '../db/schema';

/**
 * Records a signup. Signing up again is not an error: it keeps one row per email and list,
 * and a former unsubscriber who signs up again is subscribed again.
 */
export async function subscribe(db: Db, signup: NewsletterSignup): Promise<{ created: boolean }> {
  const [row] = await db
    .insert(newsletterSubscriptions)
    .values(signup)
    .onConflictDoUpdate({
      target: [newsletterSubscriptions.email, newsletterSubscriptions.subscriptionType],
      set: { unsubscribedAt: null, updatedAt: sql`now()` },
    })
    .returning({ created: sql<boolean>`xmax = 0` });
  return { created: row?.created ?? false };
}
