import { eq } from 'drizzle-orm';
import type { SavedBilling } from '#shared/saved-billing';
import type { Db, Tx } from '../db/client';
import { savedBillingDetails, type OrderRow } from '../db/schema';

/**
 * Remembers a signed-in buyer's billing details from their order, as it becomes COMPLETED, in
 * that transaction. Only details that paid are kept: a session abandoned or declined (a typo, a
 * card that failed, someone else's address tried once) never replaces what last worked. Only a
 * cart checkout counts: its information step asks the whole form, where Buy Now asks only the
 * country, which would leave the next checkout emptier than the last.
 */
export async function rememberBilling(
  tx: Db | Tx,
  order: Pick<OrderRow, 'userId' | 'checkoutType' | 'billingDetails'>,
) {
  if (!order.userId || order.checkoutType !== 'cart') return;
  if (Object.keys(order.billingDetails).length === 0) return;
  const now = new Date();
  await tx
    .insert(savedBillingDetails)
    .values({ userId: order.userId, details: order.billingDetails, updatedAt: now })
    .onConflictDoUpdate({
      target: savedBillingDetails.userId,
      set: { details: order.billingDetails, updatedAt: now },
    });
}

/** The buyer's remembered billing details (GET /api/account/billing-details), or null. */
export async function readSavedBilling(db: Db, userId: string): Promise<SavedBilling | null> {
  const [row] = await db
    .select()
    .from(savedBillingDetails)
    .where(eq(savedBillingDetails.userId, userId));
  return row ? { details: row.details, updatedAt: row.updatedAt.toISOString() } : null;
}

/** Forgets them (DELETE /api/account/billing-details); nothing saved is no error. */
export async function deleteSavedBilling(db: Db, userId: string) {
  await db.delete(savedBillingDetails).where(eq(savedBillingDetails.userId, userId));
}
